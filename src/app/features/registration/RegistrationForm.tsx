import { RegistrationUpdateRequest, type RegistrationRecord } from '../../../shared/contract/registration'
import { successMessages, uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { PopupForm, TextField } from '../../components/PopupForm'
import { useRegistrationMutations } from './queries'

type Values = Pick<RegistrationRecord, 'username' | 'companyName' | 'contactName' | 'phoneNumber'>

const fields: { name: keyof Values; label: string; type?: 'tel' }[] = [
  { name: 'username', label: uiText.username },
  { name: 'companyName', label: uiText.companyName },
  { name: 'contactName', label: uiText.contactName },
  { name: 'phoneNumber', label: uiText.phoneNumber, type: 'tel' },
]

/** The edit dialog of a pending registration (SPEC §2). */
export function RegistrationForm({ visible, editing, onClose }: { visible: boolean; editing: RegistrationRecord | null; onClose: () => void }) {
  const { update } = useRegistrationMutations()
  if (!editing) return null
  return (
    <PopupForm<Values>
      visible={visible}
      title={organizationText.registration.editTitle}
      onClose={onClose}
      initialValues={{ username: editing.username, companyName: editing.companyName, contactName: editing.contactName, phoneNumber: editing.phoneNumber }}
      submit={(v) => update.mutateAsync({ id: editing.id, ...v })}
      success={successMessages.edit}
      pending={update.isPending}
    >
      {fields.map((f) => (
        // The update request's fields are optional; in this dialog each one must stay filled.
        <TextField key={f.name} name={f.name} label={f.label} schema={RegistrationUpdateRequest} type={f.type} rules={[{ required: true, message: uiText.required(f.label) }]} />
      ))}
    </PopupForm>
  )
}
