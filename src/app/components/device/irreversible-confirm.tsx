import { useEffect, useState } from 'react'
import { Button, Input } from 'antd-mobile'
import type { QueryClient } from '@tanstack/react-query'
import { ResultCode } from '../../../shared/contract/envelope'
import { UpdateSecondaryPasswordFields, type UpdateSecondaryPasswordRequest } from '../../../shared/contract/personal-center'
import { validateNewPasswordMatch } from '../../../shared/domain/validators'
import { successMessages, uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { secondaryPasswordText as t } from '../../../shared/messages/secondary-password'
import { call, RequestError } from '../../api/http'
import { api } from '../../api/routes'
import { notify } from '../../notify'
import { popups } from '../lazy-popups'
import { ConfirmField, SubmitForm, TextField } from '../PopupForm'
import { securityQuery } from '../secondary-password'

const center = organizationText.center

export interface IrreversibleSend {
  title: string
  /** The question naming the device and what the command does to it. */
  text: string
  /** The red button's words: the action and the serial (issue #43 item 2). */
  confirmText: string
  /** Sends the command with the password typed; a refusal of the password keeps the dialog open with it at the field. */
  send: (secondaryPassword: string) => Promise<void>
}

/** A refusal that belongs at the password field (wrong, missing, locked out) rather than in a notice. */
const atTheField = (error: unknown) =>
  error instanceof RequestError && (error.code === ResultCode.secondaryPasswordRequired || error.code === ResultCode.tooManyRequests)

/** The account has no secondary password: it is set here, in place, and the dialog goes on to the command. */
function SetFirst({ queryClient, onSet }: { queryClient: QueryClient; onSet: () => void }) {
  const [pending, setPending] = useState(false)
  const submit = async (values: UpdateSecondaryPasswordRequest) => {
    setPending(true)
    try {
      await call(api.personalCenter.updateSecondaryPassword, values)
      await queryClient.invalidateQueries({ queryKey: securityQuery().queryKey })
    } finally {
      setPending(false)
    }
  }
  const schema = UpdateSecondaryPasswordFields
  return (
    <div data-testid="set-secondary-first">
      <p className="form-hint" role="note">
        {t.notSetHint}
      </p>
      <SubmitForm visible layout="vertical" submit={submit} success={successMessages.changePassword} pending={pending} submitText={t.setAndContinue} onClose={onSet}>
        <TextField name="password" label={center.loginPassword} schema={schema} type="password" autoComplete="current-password" />
        <TextField name="secondaryPassword" label={center.secondaryPassword} schema={schema} type="password" autoComplete="off" />
        <ConfirmField name="confirmSecondaryPassword" of="secondaryPassword" mismatch={validateNewPasswordMatch} label={center.confirmSecondary} schema={schema} type="password" autoComplete="off" />
      </SubmitForm>
    </div>
  )
}

function IrreversibleConfirm({ queryClient, what, finish }: { queryClient: QueryClient; what: IrreversibleSend; finish: (sent: boolean) => void }) {
  const [isSet, setIsSet] = useState<boolean | null>(null)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    queryClient.fetchQuery({ ...securityQuery(), staleTime: 0 }).then(
      (security) => setIsSet(security.secondaryPasswordSet),
      () => finish(false), // the failure is shown; nothing is sent
    )
  }, [queryClient, finish])

  const confirm = async () => {
    if (!password) return setError(t.required)
    setBusy(true)
    try {
      await what.send(password)
      finish(true)
    } catch (err) {
      if (atTheField(err)) {
        setError((err as RequestError).message)
        if ((err as RequestError).message === t.notSet) setIsSet(false)
      } else {
        notify.warning(err instanceof Error ? err.message : String(err))
        finish(false)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="irreversible-confirm">
      <p style={{ marginTop: 0 }}>{what.text}</p>
      {isSet === false && <SetFirst queryClient={queryClient} onSet={() => setIsSet(true)} />}
      {isSet && (
        <div className="irreversible-password">
          <Input
            type="password"
            autoFocus
            placeholder={t.placeholder}
            aria-label={t.placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby="irreversible-password-error"
            maxLength={128}
            value={password}
            onChange={(v) => {
              setPassword(v)
              setError(null)
            }}
            onEnterPress={() => void confirm()}
          />
          <div id="irreversible-password-error" className="field-error" role="alert" style={{ color: 'var(--adm-color-danger)', minHeight: 20, fontSize: 13 }}>
            {error}
          </div>
        </div>
      )}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 12 }}>
        {isSet && (
          <Button block color="danger" loading={busy} onClick={() => void confirm()} data-testid="irreversible-confirm">
            {what.confirmText}
          </Button>
        )}
        <Button block fill="none" onClick={() => finish(false)} disabled={busy}>
          {uiText.cancel}
        </Button>
      </div>
    </div>
  )
}

/**
 * Issue #43 item 2: the one confirmation of a command that cannot be undone. It names the command and the device,
 * asks for the secondary password (setting it first, in place, when the account has none) and sends the command
 * itself, so that a wrong password keeps the dialog open with the server's reason at the field. Resolves true once
 * the server took the command.
 */
export async function confirmIrreversible(queryClient: QueryClient, what: IrreversibleSend): Promise<boolean> {
  const { Dialog } = await popups()
  return new Promise((resolve) => {
    let settled = false
    const finish = (sent: boolean) => {
      if (settled) return
      settled = true
      resolve(sent)
      handler.close()
    }
    const handler = Dialog.show({
      title: what.title,
      content: <IrreversibleConfirm queryClient={queryClient} what={what} finish={finish} />,
      closeOnMaskClick: false,
      onClose: () => finish(false),
    })
  })
}
