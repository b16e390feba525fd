import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { ExpiringDevice } from '../../../shared/contract/lifecycle'
import { formatDate } from '../../../shared/domain/format'
import { lifecycleText as t } from '../../../shared/messages/lifecycle'
import { huaweiDeviceText as h } from '../../../shared/messages/devices'
import { OnlineButton } from '../../components/OnlineButton'
import { PagedRecords } from '../../components/PagedRecords'
import { RecordCard } from '../../components/RecordCard'
import { confirmAction } from '../../components/dialogs'
import { notify } from '../../notify'
import { expiringQuery, useLifecycleMutations } from './lifecycle-queries'

const DAY = 86_400_000

/**
 * 即将到期 (issue #45): the devices whose service ends within the reminder window, soonest first, each with 已付款
 * (the automatic lock is lifted and not applied to this period) and 不自动锁定 (exempt: a phone sold outright).
 */
export function ExpiringList({ paging, onPage, now }: { paging: { current: number; pageSize: number }; onPage: (current: number, pageSize: number) => void; now: number }) {
  const list = useQuery(expiringQuery({ current: paging.current, pageSize: paging.pageSize }))
  const m = useLifecycleMutations()
  const markPaid = async (d: ExpiringDevice) => {
    if (!(await confirmAction(t.markPaidConfirm(d.serialNumber), t.markPaid))) return
    await m.markPaid.mutateAsync(d.deviceId)
    notify.success(t.markPaidDone)
  }
  const exempt = async (d: ExpiringDevice) => {
    await m.exempt.mutateAsync({ deviceId: d.deviceId, exempt: !d.exempt })
    notify.success(t.exemptDone)
  }
  return (
    <PagedRecords list={list} label={t.expiringTitle} emptyText={t.empty} paging={paging} onPage={onPage}>
      {(d) => (
        <RecordCard
          key={d.deviceId}
          className="expiring-card"
          title={d.serialNumber}
          tags={
            <>
              <Tag color="warning">{t.daysLeft(Math.floor((Date.parse(d.serviceEndsAt) - now) / DAY))}</Tag>
              {d.exempt ? <Tag fill="outline">{t.exemptOn}</Tag> : null}
              {d.locked ? <Tag color="danger">{t.locked}</Tag> : null}
            </>
          }
          fields={[
            { label: t.endsAt, value: formatDate(d.serviceEndsAt, 'yyyy-MM-dd hh:mm') },
            ...(d.renterName || d.renterPhone ? [{ label: h.renterName, value: [d.renterName, d.renterPhone].filter(Boolean).join(' · ') }] : []),
          ]}
          actions={
            <>
              <OnlineButton size="small" color="primary" onClick={() => void markPaid(d).catch(() => undefined)}>
                {t.markPaid}
              </OnlineButton>
              <OnlineButton size="small" fill="outline" onClick={() => void exempt(d).catch(() => undefined)}>
                {d.exempt ? t.cancelExempt : t.exempt}
              </OnlineButton>
            </>
          }
        />
      )}
    </PagedRecords>
  )
}
