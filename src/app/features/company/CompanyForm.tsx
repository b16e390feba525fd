import { Form, Input, Selector, Switch } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { CompanyAddFields, type CompanyRecord } from '../../../shared/contract/company'
import { validateCompanyPasswordMatch } from '../../../shared/domain/validators'
import { organizationText, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { validatorRule, zodRule } from '../../components/form-rules'
import { useAuthorities } from '../../components/use-authorities'
import { notify } from '../../notify'
import { companyRoleOptionsQuery, useCompanyMutations } from './queries'

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
  const [form] = Form.useForm<CompanyFormValues>()
  const { isBoss, info } = useAuthorities()
  const { add, update } = useCompanyMutations()
  const own = editing !== null && editing.id === info?.companyId
  // COMPANY roles narrow what a child company may do; only a boss assigns them, and never to its own company.
  const withRole = isBoss && !own
  const roles = useQuery({ ...companyRoleOptionsQuery(), enabled: visible && withRole })

  const onFinish = async (v: CompanyFormValues) => {
    const roleId = withRole ? (v.roleId?.[0] ? Number(v.roleId[0]) : null) : undefined
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, name: v.name, bossName: v.bossName, phoneNumber: v.phoneNumber, roleId, available: own ? undefined : v.available })
      } else {
        await add.mutateAsync({ name: v.name, username: v.username, password: v.password, confirmPassword: v.confirmPassword, bossName: v.bossName, phoneNumber: v.phoneNumber, roleId })
      }
    } catch {
      return
    }
    notify.success(editing ? successMessages.edit : successMessages.save)
    form.resetFields()
    onClose()
  }

  const roleOptions = [{ label: t.allAuthorities, value: '' }, ...(roles.data ?? []).map((r) => ({ label: r.name, value: String(r.id) }))]

  return (
    <FormPopup visible={visible} title={editing ? t.editTitle : t.addTitle} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        initialValues={
          editing
            ? { name: editing.name, bossName: editing.bossName, phoneNumber: editing.phoneNumber, roleId: [editing.roleId ? String(editing.roleId) : ''], available: editing.available }
            : { roleId: [''], available: true }
        }
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={add.isPending || update.isPending}>
            {uiText.confirm}
          </OnlineButton>
        }
      >
        <Form.Item name="name" label={uiText.companyName} validateTrigger="onBlur" rules={[zodRule(CompanyAddFields, 'name')]}>
          <Input placeholder={uiText.required(uiText.companyName)} clearable />
        </Form.Item>
        {editing ? (
          <Form.Item label={uiText.username}>
            <span>{editing.username || '—'}</span>
          </Form.Item>
        ) : (
          <>
            <Form.Item name="username" label={uiText.username} validateTrigger="onBlur" rules={[zodRule(CompanyAddFields, 'username')]}>
              <Input placeholder={uiText.required(uiText.username)} autoComplete="off" clearable />
            </Form.Item>
            <Form.Item name="password" label={uiText.password} validateTrigger="onBlur" rules={[zodRule(CompanyAddFields, 'password')]}>
              <Input type="password" placeholder={uiText.required(uiText.password)} autoComplete="new-password" clearable />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={uiText.confirmPassword}
              validateTrigger="onBlur"
              dependencies={['password']}
              rules={[
                zodRule(CompanyAddFields, 'confirmPassword'),
                // SPEC §5: "密码与确认密码不一致" — new companies only.
                validatorRule((value) => validateCompanyPasswordMatch({ password: form.getFieldValue('password'), confirmPassword: String(value) })),
              ]}
            >
              <Input type="password" placeholder={uiText.required(uiText.confirmPassword)} autoComplete="new-password" clearable />
            </Form.Item>
          </>
        )}
        <Form.Item name="bossName" label={t.bossName} validateTrigger="onBlur" rules={[zodRule(CompanyAddFields, 'bossName')]}>
          <Input placeholder={uiText.required(t.bossName)} clearable />
        </Form.Item>
        <Form.Item name="phoneNumber" label={uiText.phoneNumber} validateTrigger="onBlur" rules={[zodRule(CompanyAddFields, 'phoneNumber')]}>
          <Input type="tel" inputMode="tel" placeholder={uiText.required(uiText.phoneNumber)} clearable />
        </Form.Item>
        {withRole ? (
          <Form.Item name="roleId" label={t.role} layout="vertical" help={t.roleHint}>
            <Selector options={roleOptions} aria-label={t.role} />
          </Form.Item>
        ) : null}
        {editing && !own ? (
          <Form.Item name="available" label={t.available} valuePropName="checked">
            <Switch aria-label={t.available} />
          </Form.Item>
        ) : null}
      </Form>
    </FormPopup>
  )
}
