import type { z } from 'zod'
import { UpdatePasswordFields, UpdateSecondaryPasswordFields } from '../../../shared/contract/personal-center'
import { validateNewPasswordMatch } from '../../../shared/domain/validators'
import { successMessages, uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { ConfirmField, PopupForm, TextField } from '../../components/PopupForm'
import { usePersonalCenterMutations } from './queries'

const t = organizationText.center

interface SecretFormProps<Shape extends z.ZodRawShape> {
  visible: boolean
  onClose: () => void
  title: string
  /**
   * Its three fields, in this order: the password that proves the account's owner, the new secret, and its
   * confirmation (SPEC §5: they must match).
   */
  schema: z.ZodObject<Shape>
  labels: Record<keyof Shape & string, string>
  /** How a browser may fill the new secret and its confirmation (a password manager keeps a login password). */
  autoComplete: 'new-password' | 'off'
  hint: string
  save: { mutateAsync: (values: z.infer<z.ZodObject<Shape>>) => Promise<unknown>; isPending: boolean }
}

/**
 * Changing a secret of the account: the login password and the secondary password work the same way, and both say
 * SPEC §8's 修改密码成功 when saved (the spec names no other text for the secondary password).
 */
function SecretForm<Shape extends z.ZodRawShape>({ visible, onClose, title, schema, labels, autoComplete, hint, save }: SecretFormProps<Shape>) {
  const [current, next, confirm] = Object.keys(schema.shape) as (keyof Shape & string)[]
  return (
    <PopupForm visible={visible} title={title} onClose={onClose} submit={save.mutateAsync} success={successMessages.changePassword} pending={save.isPending}>
      <TextField name={current} label={labels[current]} schema={schema} type="password" autoComplete="current-password" />
      <TextField name={next} label={labels[next]} schema={schema} type="password" autoComplete={autoComplete} />
      <ConfirmField name={confirm} of={next} mismatch={validateNewPasswordMatch} label={labels[confirm]} schema={schema} type="password" autoComplete={autoComplete} />
      <p className="form-hint">{hint}</p>
    </PopupForm>
  )
}

type DialogProps = { visible: boolean; onClose: () => void }

/** Change the login password: the old one is checked; every other session of the account ends. */
export function PasswordForm(props: DialogProps) {
  const { updatePassword } = usePersonalCenterMutations()
  return (
    <SecretForm
      {...props}
      title={t.changePassword}
      schema={UpdatePasswordFields}
      labels={{ oldPassword: t.oldPassword, newPassword: t.newPassword, confirmPassword: uiText.confirmPassword }}
      autoComplete="new-password"
      hint={t.otherSessionsEnd}
      save={updatePassword}
    />
  )
}

/** Set or change the secondary password; the login password confirms it is the account's owner. */
export function SecondaryPasswordForm({ isSet, ...props }: DialogProps & { isSet: boolean }) {
  const { updateSecondaryPassword } = usePersonalCenterMutations()
  return (
    <SecretForm
      {...props}
      title={isSet ? t.changeSecondary : t.setSecondary}
      schema={UpdateSecondaryPasswordFields}
      labels={{ password: t.loginPassword, secondaryPassword: t.secondaryPassword, confirmSecondaryPassword: t.confirmSecondary }}
      autoComplete="off"
      hint={t.secondaryHint}
      save={updateSecondaryPassword}
    />
  )
}
