import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Input, List, Switch } from 'antd-mobile'
import { strategyMapping, supervisedOnly } from '../../../../shared/domain/restrictions'
import { applyStrategyDefaults, STRATEGY_OPTIONS, toStrategyPayload, validateExpiryTimeMinute, type StrategyBooleanKey, type StrategyForm } from '../../../../shared/domain/strategy'
import { formatDate } from '../../../../shared/domain/format'
import { domainText } from '../../../../shared/messages/domain'
import { restrictionText as t } from '../../../../shared/messages/ios-detail-a'
import { call } from '../../../api/http'
import { api } from '../../../api/routes'
import { confirmAction } from '../../../components/dialogs'
import { OnlineButton } from '../../../components/OnlineButton'
import type { IosTabProps } from './tab-props'
import { tabKey, useSentToDevice } from './use-sent-to-device'

const restrictionQuery = (deviceId: number) => ({
  queryKey: tabKey(deviceId, 'restriction'),
  queryFn: () => call(api.iosDetail.restriction, { deviceId }),
})

/** What Apple does with a switch, when it is not simply applied (docs/apple-restrictions.md). */
const note = (key: StrategyBooleanKey) => (strategyMapping[key].kind === 'none' ? t.notSent : supervisedOnly(key) ? t.supervisedOnly : undefined)

/** A strategy that is (or is being) put on the device: what 解除限制 can take off. */
const IN_FORCE = new Set(['PENDING', 'INSTALLED', 'FAILED'])

/**
 * 限制策略: SPEC §3's 15 booleans and the expiry, as stored for the device; saving sends them as a profile, 解除限制
 * takes it off the device (the switches stay saved).
 */
export function RestrictionTab({ device }: IosTabProps) {
  const stored = useQuery(restrictionQuery(device.id))
  // The user's changes over what is stored; the stored values stay in the query.
  const [edits, setEdits] = useState<Partial<StrategyForm>>({})
  const save = useSentToDevice(api.iosDetail.installRestriction, device.id, t.save)
  const release = useSentToDevice(api.iosDetail.releaseRestriction, device.id, t.release)
  const data = stored.data
  if (!data) return null
  const form = { ...applyStrategyDefaults(data), ...edits }
  const invalid = validateExpiryTimeMinute(form.expiryTimeMinute)
  // SPEC §9: expiryTimeMinute is sent only when not "0" (toStrategyPayload).
  const submit = () => save.mutate({ deviceId: device.id, ...toStrategyPayload(form) }, { onSuccess: () => setEdits({}) })
  const releaseNow = async () => {
    if (await confirmAction(t.releaseConfirm, t.release)) release.mutate({ deviceId: device.id })
  }
  return (
    <section className="device-section" aria-label={t.title}>
      <h2>{t.title}</h2>
      <p className="form-hint" data-testid="restriction-status">
        {t.status[data.status]}
        {data.expiresAt && data.status !== 'EXPIRED' ? ` · ${t.expiresAt(formatDate(data.expiresAt))}` : ''}
      </p>
      <List className="strategy-list">
        {STRATEGY_OPTIONS.map(({ key, label }) => (
          <List.Item key={key} description={note(key)} extra={<Switch checked={form[key]} onChange={(on) => setEdits((e) => ({ ...e, [key]: on }))} aria-label={label} />}>
            {label}
          </List.Item>
        ))}
      </List>
      <label className="tab-field">
        <span>{domainText.strategy.expiryTimeMinute}</span>
        <Input inputMode="numeric" value={form.expiryTimeMinute} onChange={(v) => setEdits((e) => ({ ...e, expiryTimeMinute: v }))} aria-label={domainText.strategy.expiryTimeMinute} />
      </label>
      {invalid ? <p className="form-error">{invalid}</p> : null}
      <div className="tab-buttons">
        <OnlineButton color="primary" loading={save.isPending} disabled={invalid !== undefined} onClick={submit}>
          {t.save}
        </OnlineButton>
        <OnlineButton loading={release.isPending} disabled={!IN_FORCE.has(data.status)} onClick={() => void releaseNow()}>
          {t.release}
        </OnlineButton>
      </div>
    </section>
  )
}
