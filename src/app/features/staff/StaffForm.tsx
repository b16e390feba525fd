import { useEffect } from 'react'
import { Form, Selector } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { StaffAddFields, type StaffRecord } from '../../../shared/contract/staff'
import { successMessages, uiText } from '../../../shared/messages/common'
import { disableText, organizationText } from '../../../shared/messages/organization'
import { roleOptionsQuery } from '../../api/role-options'
import { PopupForm, SwitchField, TextField } from '../../components/PopupForm'
import { useStaffMutations } from './queries'
import { keepChoice } from '../../components/single-choice'
import { PasswordRule } from '../../components/PasswordRule'
import type { RoleOption } from '../../../shared/contract/role'

const t = organizationText.staff

interface StaffFormValues {
  username: string
  password: string
  name: string
  phoneNumber: string
  roleId: string[]
  available: boolean
}

interface StaffFormProps {
  visible: boolean
  /** null: a new staff member. */
  editing: StaffRecord | null
  onClose: () => void
}


/** Add or edit a staff member. Mounted per target (keyed by the caller), so a failed save keeps what was typed. */
export function StaffForm({ visible, editing, onClose }: StaffFormProps) {
  // Only roles of the staff member's own company can be given (a new member joins the user's company).
  const roles = useQuery({ ...roleOptionsQuery('STAFF', editing?.companyId), enabled: visible })
  const { add, update } = useStaffMutations()
  const [form] = Form.useForm<StaffFormValues>()

  const submit = (v: StaffFormValues) => {
    const roleId = v.roleId?.[0] ? Number(v.roleId[0]) : null
    return editing
      ? update.mutateAsync({ id: editing.id, name: v.name, phoneNumber: v.phoneNumber, roleId, available: v.available })
      : add.mutateAsync({ username: v.username, password: v.password, name: v.name, phoneNumber: v.phoneNumber, roleId })
  }

  const roleOptions = [{ label: t.noRole, value: '' }, ...(roles.data ?? []).map((r) => ({ label: r.name, value: String(r.id) }))]
  // Issue #11: a new member starts with the company's least-privileged role (they can do nothing with none), once
  // the roles have loaded, unless a role was already chosen.
  const leastPrivileged = (roles.data ?? []).reduce<RoleOption | null>((least, r) => (!least || r.authorityCount < least.authorityCount ? r : least), null)
  useEffect(() => {
    if (editing || !leastPrivileged) return
    const chosen = form.getFieldValue('roleId') as string[] | undefined
    if (!chosen?.[0]) form.setFieldsValue({ roleId: [String(leastPrivileged.id)] })
  }, [editing, leastPrivileged, form, visible])

  return (
    <PopupForm<StaffFormValues>
      form={form}
      visible={visible}
      title={editing ? t.editTitle : t.addTitle}
      onClose={onClose}
      initialValues={
        editing
          ? { name: editing.name, phoneNumber: editing.phoneNumber, roleId: [editing.roleId ? String(editing.roleId) : ''], available: editing.available }
          : { roleId: [''], available: true }
      }
      submit={submit}
      success={editing ? successMessages.edit : successMessages.save}
      pending={add.isPending || update.isPending}
    >
      {editing ? (
        <Form.Item label={uiText.username}>
          <span>{editing.username}</span>
        </Form.Item>
      ) : (
        <>
          <TextField name="username" label={uiText.username} schema={StaffAddFields} autoComplete="off" />
          <TextField name="password" label={uiText.password} schema={StaffAddFields} type="password" autoComplete="new-password" description={<PasswordRule />} />
        </>
      )}
      <TextField name="name" label={t.name} schema={StaffAddFields} />
      <TextField name="phoneNumber" label={uiText.phoneNumber} schema={StaffAddFields} type="tel" inputMode="tel" />
      <Form.Item name="roleId" label={t.role} layout="vertical" normalize={keepChoice}>
        <Selector options={roleOptions} aria-label={t.role} />
      </Form.Item>
      {editing ? <SwitchField name="available" label={t.available} confirmOff={disableText.staff(editing.name || editing.username)} /> : null}
    </PopupForm>
  )
}
