import { useEffect, useRef, useState } from 'react'
import { Button, Input, Selector } from 'antd-mobile'
import { IosAppAddRequest } from '../../../shared/contract/ios-apps'
import { parseWithMessage } from '../../../shared/contract/validation'
import { successMessages } from '../../../shared/messages/common'
import { iosAppText as t } from '../../../shared/messages/ios-detail-b'
import { notify } from '../../notify'
import { useAppMutations } from './detail-b-queries'

type Kind = 'APP_STORE' | 'ENTERPRISE'

/** 添加应用: an App Store app by its iTunes Store id, or an enterprise app by its https manifest URL. */
export function AppAddForm({ onDone }: { onDone: () => void }) {
  const { add } = useAppMutations()
  const [kind, setKind] = useState<Kind>('APP_STORE')
  const [fields, setFields] = useState({ name: '', bundleId: '', itunesStoreId: '', manifestUrl: '' })
  const [error, setError] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  // Opened by a button at the foot of the screen, the form would start below it: brought into view, so the tap shows.
  useEffect(() => form.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), [])
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }))

  const submit = async () => {
    const raw =
      kind === 'APP_STORE'
        ? { kind, name: fields.name, bundleId: fields.bundleId, itunesStoreId: fields.itunesStoreId }
        : { kind, name: fields.name, bundleId: fields.bundleId, manifestUrl: fields.manifestUrl }
    // The contract's own checks, in the server's Chinese sentences, shown before sending (the server checks the same).
    const parsed = parseWithMessage(IosAppAddRequest, raw)
    if (!parsed.success) {
      setError(parsed.message)
      return
    }
    setError(null)
    try {
      await add.mutateAsync(parsed.data)
    } catch {
      return // the server's message is shown
    }
    notify.success(successMessages.save)
    onDone()
  }

  return (
    <form ref={form} className="app-add-form" aria-label={t.addApp} onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Selector
        aria-label={t.kind}
        columns={2}
        options={[
          { label: t.appStore, value: 'APP_STORE' },
          { label: t.enterprise, value: 'ENTERPRISE' },
        ]}
        value={[kind]}
        onChange={(v) => v[0] && setKind(v[0] as Kind)}
      />
      <label className="lost-field">
        {t.name}
        <Input value={fields.name} onChange={set('name')} maxLength={100} clearable />
      </label>
      <label className="lost-field">
        {t.bundleId}
        <Input value={fields.bundleId} onChange={set('bundleId')} placeholder="com.example.app" maxLength={155} clearable />
      </label>
      {kind === 'APP_STORE' ? (
        <label className="lost-field">
          {t.itunesStoreId}
          <Input value={fields.itunesStoreId} onChange={set('itunesStoreId')} inputMode="numeric" maxLength={12} clearable />
        </label>
      ) : (
        <label className="lost-field">
          {t.manifestUrl}
          <Input value={fields.manifestUrl} onChange={set('manifestUrl')} placeholder="https://" maxLength={2000} clearable />
        </label>
      )}
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <Button type="submit" color="primary" loading={add.isPending}>
        {t.addApp}
      </Button>
    </form>
  )
}
