import { useEffect, useState, type ReactNode } from 'react'
import { Button, Input, TextArea } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import type { CommonPhrase, PhraseType } from '../../../shared/contract/common-phrases'
import { isContactPhone } from '../../../shared/domain/contact-phone'
import { phraseText } from '../../../shared/messages/apple'
import { validationMessages, uiText } from '../../../shared/messages/common'
import { iosDeviceText as t } from '../../../shared/messages/ios-device'
import { screenText } from '../../../shared/messages/screens'
import { call } from '../../api/http'
import { api } from '../../api/routes'
import { confirmAction } from '../../components/dialogs'
import { Dialog } from '../../components/popups'

/**
 * The parameter steps of the Apple commands (CommandDeclaration.params): a dialog that resolves with what is sent
 * beside deviceId, or null when the user cancels (nothing is sent). Dialogs render outside the app's providers, so
 * they call the endpoint table directly.
 */
function ask<T>(title: string, body: (done: (value: T | null) => void) => ReactNode): Promise<T | null> {
  return new Promise((resolve) => {
    let settled = false
    const done = (value: T | null) => {
      if (settled) return
      settled = true
      resolve(value)
      handler.close()
    }
    const handler = Dialog.show({ title, content: body(done), closeOnMaskClick: true, onClose: () => done(null) })
  })
}

/** What a parameter dialog ends with: the reason it was refused, 取消 and 下发. */
function DialogFooter({ error, onCancel, onSubmit }: { error: string; onCancel: () => void; onSubmit: () => void }) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-buttons">
        <Button className="touch" onClick={onCancel}>
          {uiText.cancel}
        </Button>
        <Button className="touch" color="primary" onClick={onSubmit}>
          {t.send}
        </Button>
      </div>
    </>
  )
}

/** Saved entries of one type, with a way to pick one, to save what is typed, and to delete one (SPEC §7 'Phrases'). */
function SavedEntries({ type, typed, onPick }: { type: PhraseType; typed: string; onPick: (value: string) => void }) {
  const [entries, setEntries] = useState<CommonPhrase[] | null>(null)
  const [busy, setBusy] = useState(false)
  const load = () =>
    call(api.commonPhrases.listByType, { type })
      .then(setEntries)
      .catch(() => setEntries([]))
  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per dialog
  }, [])
  const save = async () => {
    setBusy(true)
    try {
      await call(api.commonPhrases.add, { type, value: typed.trim() })
      await load()
    } catch {
      // the server's reason is shown
    } finally {
      setBusy(false)
    }
  }
  const remove = async (entry: CommonPhrase) => {
    if (!(await confirmAction(t.confirmDeleteSaved(entry.value), screenText.delete))) return
    try {
      await call(api.commonPhrases.delete, { id: entry.id })
      await load()
    } catch {
      // the server's reason is shown
    }
  }
  // A phone the server would refuse is not offered for saving (the same rule as 下发's).
  const canSave = typed.trim() !== '' && !entries?.some((e) => e.value === typed.trim()) && (type !== 'PHONE' || isContactPhone(typed))
  return (
    <div className="saved-entries" data-testid={`saved-${type}`}>
      <div className="saved-entries-head">
        <span>{type === 'PHRASES' ? t.savedPhrases : t.savedPhones}</span>
        <Button size="mini" fill="none" color="primary" disabled={!canSave} loading={busy} onClick={() => void save()}>
          {type === 'PHRASES' ? t.savePhrase : t.savePhone}
        </Button>
      </div>
      {entries === null ? null : entries.length === 0 ? (
        <p className="saved-empty">{t.noSaved}</p>
      ) : (
        <ul className="saved-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="saved-pick" onClick={() => onPick(entry.value)}>
                {entry.value}
              </button>
              <button type="button" className="saved-delete" aria-label={t.deleteSaved(entry.value)} onClick={() => void remove(entry)}>
                <CloseOutline />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function LostModeForm({ done }: { done: (value: { message?: string; phoneNumber?: string } | null) => void }) {
  const [message, setMessage] = useState('')
  const [phoneNumber, setPhone] = useState('')
  const [error, setError] = useState('')
  const submit = () => {
    if (!message.trim() && !phoneNumber.trim()) return setError(t.lostNeedsSomething)
    // The server's own rule, checked here: a refused command would close the dialog, and what was typed with it.
    if (phoneNumber.trim() && !isContactPhone(phoneNumber)) return setError(phraseText.phoneFormat)
    done({ ...(message.trim() ? { message: message.trim() } : {}), ...(phoneNumber.trim() ? { phoneNumber: phoneNumber.trim() } : {}) })
  }
  return (
    <div className="lost-form">
      <label className="lost-field">
        <span>{t.phrase}</span>
        <TextArea value={message} onChange={setMessage} placeholder={t.phrasePlaceholder} maxLength={200} rows={2} aria-label={t.phrase} />
      </label>
      <SavedEntries type="PHRASES" typed={message} onPick={setMessage} />
      <label className="lost-field">
        <span>{t.phone}</span>
        <Input value={phoneNumber} onChange={setPhone} placeholder={t.phonePlaceholder} maxLength={20} type="tel" aria-label={t.phone} />
      </label>
      <SavedEntries type="PHONE" typed={phoneNumber} onPick={setPhone} />
      <DialogFooter error={error} onCancel={() => done(null)} onSubmit={submit} />
    </div>
  )
}

/** Lost mode and pay mode (SPEC §3: the chosen phrase and phone): the lock screen's message and a phone to call. */
export function askLostMode(pay: boolean) {
  return ask<{ message?: string; phoneNumber?: string }>(pay ? t.payTitle : t.lostTitle, (done) => <LostModeForm done={done} />)
}

function PinForm({ done }: { done: (value: { pin: string } | null) => void }) {
  const [pin, setPin] = useState('')
  const [pinConfirm, setPinConfirm] = useState('')
  const [error, setError] = useState('')
  const submit = () => {
    // SPEC §5, in this order: the format, then the match. pinConfirm is never sent.
    if (!/^\d{6}$/.test(pin)) return setError(validationMessages.pinFormat)
    if (pin !== pinConfirm) return setError(validationMessages.pinMismatch)
    done({ pin })
  }
  return (
    <div className="lost-form">
      <label className="lost-field">
        <span>{t.pin}</span>
        <Input value={pin} onChange={setPin} type="password" inputMode="numeric" maxLength={6} aria-label={t.pin} autoFocus />
      </label>
      <label className="lost-field">
        <span>{t.pinConfirm}</span>
        <Input value={pinConfirm} onChange={setPinConfirm} type="password" inputMode="numeric" maxLength={6} aria-label={t.pinConfirm} onEnterPress={submit} />
      </label>
      <DialogFooter error={error} onCancel={() => done(null)} onSubmit={submit} />
    </div>
  )
}

/** macLock: a 6-digit PIN typed twice (SPEC §3, §5). */
export function askPin() {
  return ask<{ pin: string }>(t.pinTitle, (done) => <PinForm done={done} />)
}
