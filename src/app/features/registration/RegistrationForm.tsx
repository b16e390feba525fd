import { Form, Input } from 'antd-mobile'
import { RegistrationUpdateRequest, type RegistrationRecord } from '../../../shared/contract/registration'
import { organizationText, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { zodRule } from '../../components/form-rules'
import { notify } from '../../notify'
import { useRegistrationMutations } from './queries'

type Values = Pick<RegistrationRecord, 'username' | 'companyName' | 'contactName' | 'phoneNumber'>

const fields: { name: keyof Values; label: string; type?: string }[] = [
  { name: 'username', label: uiText.username },
  { name: 'companyName', label: uiText.companyName },
  { name: 'contactName', label: uiText.contactName },
  { name: 'phoneNumber', label: uiText.phoneNumber, type: 'tel' },
]

/** The edit dialog of a pending registration (SPEC §2). */
export function RegistrationForm({ visible, editing, onClose }: { visible: boolean; editing: RegistrationRecord | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>()
  const { update } = useRegistrationMutations()
  if (!editing) return null
  const onFinish = async (v: Values) => {
    try {
      await update.mutateAsync({ id: editing.id, ...v })
    } catch {
      return
    }
    notify.success(successMessages.edit)
    onClose()
  }
  return (
    <FormPopup visible={visible} title={organizationText.registration.editTitle} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        initialValues={{ username: editing.username, companyName: editing.companyName, contactName: editing.contactName, phoneNumber: editing.phoneNumber }}
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={update.isPending}>
            {uiText.confirm}
          </OnlineButton>
        }
      >
        {fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label} validateTrigger="onBlur" rules={[zodRule(RegistrationUpdateRequest, f.name), { required: true, message: uiText.required(f.label) }]}>
            <Input type={f.type} placeholder={uiText.required(f.label)} clearable />
          </Form.Item>
        ))}
      </Form>
    </FormPopup>
  )
}
