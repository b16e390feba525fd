import { Form } from 'antd-mobile'
import type { z } from 'zod'
import { UpdatePasswordFields, UpdateSecondaryPasswordFields } from '../../../shared/contract/personal-center'
import { validateNewPasswordMatch } from '../../../shared/domain/validators'
import { successMessages, uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { PopupForm, TextField } from '../../components/PopupForm'
import { validatorRule } from '../../components/form-rules'
import { usePersonalCenterMutations } from './queries'

const t = organizationText.center

interface SecretField<Shape extends z.ZodRawShape> {
  name: keyof Shape & string
  label: string
  autoComplete: string
}

interface SecretFormProps<Shape extends z.ZodRawShape> {
  visible: boolean
  onClose: () => void
  title: string
  schema: z.ZodObject<Shape>
  /** The password that proves the account's owner, the new secret, and its confirmation (SPEC §5: they must match). */
  fields: [current: SecretField<Shape>, next: SecretField<Shape>, confirm: SecretField<Shape>]
  hint: string
  submit: (values: z.infer<z.ZodObject<Shape>>) => Promise<unknown>
  /** The notice after a save: each secret names itself. */
  success: string
  pending: boolean
}

/** Changing a secret of the account: the login password and the secondary password work the same way. */
function SecretForm<Shape extends z.ZodRawShape>({ visible, onClose, title, schema, fields: [current, next, confirm], hint, submit, success, pending }: SecretFormProps<Shape>) {
  const [form] = Form.useForm<z.infer<z.ZodObject<Shape>>>()
  return (
    <PopupForm visible={visible} title={title} onClose={onClose} form={form} submit={submit} success={success} pending={pending}>
      <TextField name={current.name} label={current.label} schema={schema} type="password" autoComplete={current.autoComplete} />
      <TextField name={next.name} label={next.label} schema={schema} type="password" autoComplete={next.autoComplete} />
      <TextField
        name={confirm.name}
        label={confirm.label}
        schema={schema}
        type="password"
        autoComplete={confirm.autoComplete}
        dependencies={[next.name]}
        rules={[validatorRule((value) => validateNewPasswordMatch(form.getFieldValue(next.name), String(value)))]}
      />
      <p className="form-hint">{hint}</p>
    </PopupForm>
  )
}

/** Change the login password: the old one is checked; every other session of the account ends. */
export function PasswordForm({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { updatePassword } = usePersonalCenterMutations()
  return (
    <SecretForm
      visible={visible}
      onClose={onClose}
      title={t.changePassword}
      schema={UpdatePasswordFields}
      fields={[
        { name: 'oldPassword', label: t.oldPassword, autoComplete: 'current-password' },
        { name: 'newPassword', label: t.newPassword, autoComplete: 'new-password' },
        { name: 'confirmPassword', label: uiText.confirmPassword, autoComplete: 'new-password' },
      ]}
      hint={t.otherSessionsEnd}
      submit={updatePassword.mutateAsync}
      success={successMessages.changePassword}
      pending={updatePassword.isPending}
    />
  )
}

/** Set or change the secondary password; the login password confirms it is the account's owner. */
export function SecondaryPasswordForm({ visible, isSet, onClose }: { visible: boolean; isSet: boolean; onClose: () => void }) {
  const { updateSecondaryPassword } = usePersonalCenterMutations()
  return (
    <SecretForm
      visible={visible}
      onClose={onClose}
      title={isSet ? t.changeSecondary : t.setSecondary}
      schema={UpdateSecondaryPasswordFields}
      fields={[
        { name: 'password', label: t.loginPassword, autoComplete: 'current-password' },
        { name: 'secondaryPassword', label: t.secondaryPassword, autoComplete: 'off' },
        { name: 'confirmSecondaryPassword', label: t.confirmSecondary, autoComplete: 'off' },
      ]}
      hint={t.secondaryHint}
      submit={updateSecondaryPassword.mutateAsync}
      success={isSet ? t.changeSecondaryDone : t.setSecondaryDone}
      pending={updateSecondaryPassword.isPending}
    />
  )
}
