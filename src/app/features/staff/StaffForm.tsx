import { Form, Input, Selector, Switch } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { StaffAddRequest, type StaffRecord } from '../../../shared/contract/staff'
import { organizationText, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { zodRule } from '../../components/form-rules'
import { notify } from '../../notify'
import { staffRoleOptionsQuery, useStaffMutations } from './queries'

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
  const [form] = Form.useForm<StaffFormValues>()
  const roles = useQuery({ ...staffRoleOptionsQuery(), enabled: visible })
  const { add, update } = useStaffMutations()
  const pending = add.isPending || update.isPending

  const onFinish = async (v: StaffFormValues) => {
    const roleId = v.roleId?.[0] ? Number(v.roleId[0]) : null
    try {
      if (editing) await update.mutateAsync({ id: editing.id, name: v.name, phoneNumber: v.phoneNumber, roleId, available: v.available })
      else await add.mutateAsync({ username: v.username, password: v.password, name: v.name, phoneNumber: v.phoneNumber, roleId })
    } catch {
      return // the server's message is shown; the form keeps what was typed
    }
    notify.success(editing ? successMessages.edit : successMessages.save)
    form.resetFields()
    onClose()
  }

  const roleOptions = [{ label: t.noRole, value: '' }, ...(roles.data ?? []).map((r) => ({ label: r.name, value: String(r.id) }))]

  return (
    <FormPopup visible={visible} title={editing ? t.editTitle : t.addTitle} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        initialValues={
          editing
            ? { name: editing.name, phoneNumber: editing.phoneNumber, roleId: [editing.roleId ? String(editing.roleId) : ''], available: editing.available }
            : { roleId: [''], available: true }
        }
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={pending}>
            {uiText.confirm}
          </OnlineButton>
        }
      >
        {editing ? (
          <Form.Item label={uiText.username}>
            <span>{editing.username}</span>
          </Form.Item>
        ) : (
          <>
            <Form.Item name="username" label={uiText.username} validateTrigger="onBlur" rules={[zodRule(StaffAddRequest, 'username')]}>
              <Input placeholder={uiText.required(uiText.username)} autoComplete="off" clearable />
            </Form.Item>
            <Form.Item name="password" label={uiText.password} validateTrigger="onBlur" rules={[zodRule(StaffAddRequest, 'password')]}>
              <Input type="password" placeholder={uiText.required(uiText.password)} autoComplete="new-password" clearable />
            </Form.Item>
          </>
        )}
        <Form.Item name="name" label={t.name} validateTrigger="onBlur" rules={[zodRule(StaffAddRequest, 'name')]}>
          <Input placeholder={uiText.required(t.name)} clearable />
        </Form.Item>
        <Form.Item name="phoneNumber" label={uiText.phoneNumber} validateTrigger="onBlur" rules={[zodRule(StaffAddRequest, 'phoneNumber')]}>
          <Input type="tel" inputMode="tel" placeholder={uiText.required(uiText.phoneNumber)} clearable />
        </Form.Item>
        <Form.Item name="roleId" label={t.role} layout="vertical">
          <Selector options={roleOptions} aria-label={t.role} />
        </Form.Item>
        {editing ? (
          <Form.Item name="available" label={t.available} valuePropName="checked">
            <Switch aria-label={t.available} />
          </Form.Item>
        ) : null}
      </Form>
    </FormPopup>
  )
}
