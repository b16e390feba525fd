import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { RenewalRecord } from '../../../shared/contract/renew'
import { renewalStatuses } from '../../../shared/domain/renewal'
import { formatDate } from '../../../shared/domain/format'
import { renewalStatusLabels, renewText as t } from '../../../shared/messages/biz'
import { huaweiDeviceText as h } from '../../../shared/messages/devices'
import { ListScreen } from '../../components/ListScreen'
import { OnlineButton } from '../../components/OnlineButton'
import { RecordCard } from '../../components/RecordCard'
import { confirmAction } from '../../components/dialogs'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import type { SearchField } from '../../components/SearchPanel'
import { useDisclosure } from '../../components/use-disclosure'
import { useNow } from '../../components/use-now'
import { useSearchState } from '../../components/use-search-state'
import { notify } from '../../notify'
import { renewListQuery, renewSearch, renewSearchMax, useRenewMutations } from './queries'
import { useLifecycleViews } from './lifecycle-views'

const RenewForm = lazyDialog(() => import('./RenewForm').then((m) => m.RenewForm))

const searchFields: SearchField[] = [
  { name: 'serialNumber', label: h.serialNumber, maxLength: renewSearchMax.serialNumber },
  { name: 'status', label: t.statusLabel, options: [{ label: t.allStatuses, value: '' }, ...renewalStatuses.map((s) => ({ label: renewalStatusLabels[s], value: s }))] },
]

const day = (iso: string | null) => (iso ? formatDate(iso, 'yyyy-MM-dd') : '—')
const at = (iso: string) => formatDate(iso, 'yyyy-MM-dd hh:mm')
const statusColor = { DRAFT: 'warning', RUNNING: 'success', STOPPED: 'default', CANCELLED: 'default' } as const

/** A year after a date, as the server counts it (UTC calendar year), for the start confirmation. */
function yearsAfter(iso: string, years: number): string {
  const d = new Date(iso)
  d.setUTCFullYear(d.getUTCFullYear() + years)
  return d.toISOString()
}

function fields(r: RenewalRecord, now: number) {
  const deviceEnded = Date.parse(r.deviceServiceEndsAt) <= now
  return [
    { label: t.years, value: t.yearsValue(r.years) },
    { label: t.consumed, value: t.consumedValue(r.consumedQuantity) },
    ...(r.endsAt ? [{ label: t.newEnd, value: `${day(r.previousEndsAt)} → ${day(r.endsAt)}` }] : []),
    {
      label: t.deviceServiceEnd,
      value: <span className={deviceEnded ? 'quantity-minus' : undefined}>{deviceEnded ? `${day(r.deviceServiceEndsAt)}（${t.expired}）` : day(r.deviceServiceEndsAt)}</span>,
    },
    { label: t.company, value: r.companyName },
    { label: t.createdBy, value: t.byAt(r.createdByName, at(r.createdAt)) },
    ...(r.startedAt ? [{ label: t.startedBy, value: t.byAt(r.startedByName, at(r.startedAt)) }] : []),
    ...(r.stoppedAt ? [{ label: t.stoppedBy, value: t.byAt(r.stoppedByName, at(r.stoppedAt)) }] : []),
    ...(r.remark ? [{ label: t.remark, value: r.remark }] : []),
  ]
}

/**
 * /ios/renew (SPEC §2 renewal list): renewals of Apple devices' service, with init, start and stop (docs/renewals.md).
 * Each step is confirmed, saying what it consumes and what happens to the service end date.
 */
export function RenewScreen() {
  const query = useSearchState(renewSearch)
  const [search] = query
  const list = useQuery(renewListQuery(search))
  const form = useDisclosure()
  const m = useRenewMutations()
  const now = useNow()
  const lifecycle = useLifecycleViews(query)
  if (search.view === 'expiring') return lifecycle.expiring(now)

  const start = async (r: RenewalRecord) => {
    const from = Date.parse(r.deviceServiceEndsAt) > now ? r.deviceServiceEndsAt : new Date(now).toISOString()
    if (!(await confirmAction(t.startConfirm(r.serialNumber, r.years, day(yearsAfter(from, r.years))), t.start))) return
    await m.start.mutateAsync(r.id)
    notify.success(t.startDone)
  }
  const stop = async (r: RenewalRecord) => {
    const draft = r.status === 'DRAFT'
    if (!(await confirmAction(draft ? t.cancelConfirm(r.serialNumber) : t.stopConfirm(r.serialNumber), draft ? t.cancelDraft : t.stop))) return
    await m.stop.mutateAsync(r.id)
    notify.success(t.stopDone)
  }
  const busy = (r: RenewalRecord) => (m.start.isPending && m.start.variables === r.id) || (m.stop.isPending && m.stop.variables === r.id)

  return (
    <ListScreen
      path="/ios/renew"
      add={{ text: t.init, onClick: () => form.open(true) }}
      searchFields={searchFields}
      query={query}
      list={list}
      emptyText={t.empty}
      header={lifecycle.tabs}
      dialogs={
        <>
          <DialogSlot of={form}>
            <RenewForm visible={form.visible} onClose={form.close} />
          </DialogSlot>
          {lifecycle.dialog}
        </>
      }
    >
      {(r) => (
        <RecordCard
          key={r.id}
          className="renewal-card"
          title={r.serialNumber}
          tags={
            <>
              <Tag color={statusColor[r.status]} data-testid="renewal-status">
                {renewalStatusLabels[r.status]}
              </Tag>
              {r.expired ? <Tag color="danger" fill="outline">{t.expired}</Tag> : null}
            </>
          }
          fields={fields(r, now)}
          actions={
            r.status === 'DRAFT' ? (
              <>
                <OnlineButton size="small" color="primary" loading={busy(r)} onClick={() => void start(r).catch(() => undefined)}>
                  {t.start}
                </OnlineButton>
                <OnlineButton size="small" onClick={() => void stop(r).catch(() => undefined)}>
                  {t.cancelDraft}
                </OnlineButton>
              </>
            ) : r.status === 'RUNNING' && !r.expired ? (
              <OnlineButton size="small" color="danger" fill="outline" loading={busy(r)} onClick={() => void stop(r).catch(() => undefined)}>
                {t.stop}
              </OnlineButton>
            ) : null
          }
        />
      )}
    </ListScreen>
  )
}
