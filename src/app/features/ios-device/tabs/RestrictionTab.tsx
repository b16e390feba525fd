import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Input, List, Switch } from 'antd-mobile'
import { strategyKeys, strategyMapping, type Strategy, type StrategyKey } from '../../../../shared/domain/restrictions'
import { formatDate } from '../../../../shared/domain/format'
import { restrictionText as t } from '../../../../shared/messages/ios-detail-a'
import { call } from '../../../api/http'
import { api } from '../../../api/routes'
import { OnlineButton } from '../../../components/OnlineButton'
import type { IosTabProps } from './registry'
import { tabKey, useSentToDevice } from './use-sent-to-device'

const restrictionQuery = (deviceId: number) => ({
  queryKey: tabKey(deviceId, 'restriction'),
  queryFn: () => call(api.iosDetail.restriction, { deviceId }),
})

const validExpiry = (v: string) => /^\d{1,6}$/.test(v) && Number(v) <= 525_600

/** Whether Apple applies the key on unsupervised devices too (docs/apple-restrictions.md). */
const supervisedOnly = (key: StrategyKey) => strategyMapping[key].kind !== 'none' && 'supervised' in strategyMapping[key] && strategyMapping[key].supervised

/** 限制策略: SPEC §3's 15 booleans and the expiry, as stored for the device; saving sends them as a profile. */
export function RestrictionTab({ device }: IosTabProps) {
  const stored = useQuery(restrictionQuery(device.id))
  // The user's changes over what is stored; the stored values stay in the query.
  const [edits, setEdits] = useState<Partial<Strategy> & { expiryTimeMinute?: string }>({})
  const save = useSentToDevice(api.iosDetail.installRestriction, device.id)
  const data = stored.data
  if (!data) return null
  const value = { ...data, ...edits }
  const expiry = value.expiryTimeMinute.trim()
  const submit = () => {
    const strategy = Object.fromEntries(strategyKeys.map((k) => [k, value[k]])) as Strategy
    // SPEC §9: expiryTimeMinute is sent only when not "0".
    save.mutate({ deviceId: device.id, ...strategy, ...(Number(expiry) > 0 ? { expiryTimeMinute: String(Number(expiry)) } : {}) }, { onSuccess: () => setEdits({}) })
  }
  return (
    <section className="device-section" aria-label={t.title}>
      <h2>{t.title}</h2>
      <p className="form-hint" data-testid="restriction-status">
        {t.status[data.status === 'CLEARED' ? 'EXPIRED' : data.status]}
        {data.expiresAt && data.status !== 'EXPIRED' ? ` · ${t.expiresAt(formatDate(data.expiresAt))}` : ''}
      </p>
      <List className="strategy-list">
        {strategyKeys.map((key) => (
          <List.Item
            key={key}
            description={supervisedOnly(key) ? t.supervisedOnly : undefined}
            extra={<Switch checked={value[key]} onChange={(on) => setEdits((e) => ({ ...e, [key]: on }))} aria-label={t.labels[key]} />}
          >
            {t.labels[key]}
          </List.Item>
        ))}
      </List>
      <label className="tab-field">
        <span>{t.expiry}</span>
        <Input inputMode="numeric" value={value.expiryTimeMinute} onChange={(v) => setEdits((e) => ({ ...e, expiryTimeMinute: v }))} aria-label={t.expiry} />
      </label>
      {validExpiry(expiry) ? null : <p className="form-error">{t.expiryInvalid}</p>}
      <OnlineButton color="primary" block loading={save.isPending} disabled={!validExpiry(expiry)} onClick={submit}>
        {t.save}
      </OnlineButton>
    </section>
  )
}
