import { Form, Selector } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { CompanyAddFields, type CompanyRecord } from '../../../shared/contract/company'
import { validateCompanyPasswordMatch } from '../../../shared/domain/validators'
import { successMessages, uiText } from '../../../shared/messages/common'
import { disableText, organizationText } from '../../../shared/messages/organization'
import { roleOptionsQuery } from '../../api/role-options'
import { PasswordRule } from '../../components/PasswordRule'
import { ConfirmField, PopupForm, SwitchField, TextField } from '../../components/PopupForm'
import { useAuthorities } from '../../components/use-authorities'
import { useCompanyMutations } from './queries'
import { keepChoice } from '../../components/single-choice'

const t = organizationText.company

interface CompanyFormValues {
  name: string
  username: string
  password: string
  confirmPassword: string
  bossName: string
  phoneNumber: string
  roleId: string[]
  available: boolean
}

interface CompanyFormProps {
  visible: boolean
  /** null: a new company (a child of the boss's company; a top-level company for the administrator). */
  editing: CompanyRecord | null
  onClose: () => void
}

export function CompanyForm({ visible, editing, onClose }: CompanyFormProps) {
  const { isBoss, info } = useAuthorities()
  const { add, update } = useCompanyMutations()
  const own = editing !== null && editing.id === info?.companyId
  // COMPANY roles narrow what a child company may do; only a boss assigns them, and never to its own company.
  const withRole = isBoss && !own
  const roles = useQuery({ ...roleOptionsQuery('COMPANY'), enabled: visible && withRole })

  const submit = (v: CompanyFormValues) => {
    const roleId = withRole ? (v.roleId?.[0] ? Number(v.roleId[0]) : null) : undefined
    return editing
      ? update.mutateAsync({ id: editing.id, name: v.name, bossName: v.bossName, phoneNumber: v.phoneNumber, roleId, available: own ? undefined : v.available })
      : add.mutateAsync({ name: v.name, username: v.username, password: v.password, confirmPassword: v.confirmPassword, bossName: v.bossName, phoneNumber: v.phoneNumber, roleId })
  }

  const roleOptions = [{ label: t.allAuthorities, value: '' }, ...(roles.data ?? []).map((r) => ({ label: r.name, value: String(r.id) }))]

  return (
    <PopupForm<CompanyFormValues>
      visible={visible}
      title={editing ? t.editTitle : t.addTitle}
      onClose={onClose}
      initialValues={
        editing
          ? { name: editing.name, bossName: editing.bossName, phoneNumber: editing.phoneNumber, roleId: [editing.roleId ? String(editing.roleId) : ''], available: editing.available }
          : { roleId: [''], available: true }
      }
      submit={submit}
      success={editing ? successMessages.edit : successMessages.save}
      pending={add.isPending || update.isPending}
    >
      <TextField name="name" label={uiText.companyName} schema={CompanyAddFields} />
      {editing ? (
        <Form.Item label={uiText.username}>
          <span>{editing.username || '—'}</span>
        </Form.Item>
      ) : (
        <>
          <TextField name="username" label={uiText.username} schema={CompanyAddFields} autoComplete="off" />
          <TextField name="password" label={uiText.password} schema={CompanyAddFields} type="password" autoComplete="new-password" description={<PasswordRule />} />
          {/* SPEC §5: "密码与确认密码不一致" — new companies only. */}
          <ConfirmField
            name="confirmPassword"
            of="password"
            mismatch={(password, confirmPassword) => validateCompanyPasswordMatch({ password, confirmPassword })}
            label={uiText.confirmPassword}
            schema={CompanyAddFields}
            type="password"
            autoComplete="new-password"
          />
        </>
      )}
      <TextField name="bossName" label={t.bossName} schema={CompanyAddFields} />
      <TextField name="phoneNumber" label={uiText.phoneNumber} schema={CompanyAddFields} type="tel" inputMode="tel" />
      {withRole ? (
        <Form.Item name="roleId" label={t.role} layout="vertical" help={t.roleHint} normalize={keepChoice}>
          <Selector options={roleOptions} aria-label={t.role} />
        </Form.Item>
      ) : null}
      {editing && !own ? (
        // Disabling signs the company's accounts out, and those of its child companies (SPEC §6 sessions).
        <SwitchField name="available" label={t.available} confirmOff={disableText.company(editing.name, editing.childrenCount > 0)} />
      ) : null}
    </PopupForm>
  )
}
