import { Component, Fragment, lazy, Suspense, useState, type ReactNode } from 'react'
import { Button, NoticeBar } from 'antd-mobile'
import { PullToRefresh } from '../../components/PullToRefresh'
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { OfflineDeviceRecord, WorkspacePanelResponse } from '../../../shared/contract/workspace'
import { modelText } from '../../../shared/domain/apple-models'
import { connectionStatusColors } from '../../../shared/domain/connection-status'
import { formatDate, formatRelativeTime, formatThousands } from '../../../shared/domain/format'
import { dashboardText as t } from '../../../shared/messages/dashboard'
import { lifecycleText } from '../../../shared/messages/lifecycle'
import { routeTitles } from '../../../shared/messages/routes'
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from '../../lazy'
import { errorMessages } from '../../../shared/messages/common'
import { Loading } from '../../components/Loading'
import { PageTitle } from '../../components/PageTitle'
import { Pagination } from '../../components/Pagination'
import { StateBlock } from '../../components/StateBlock'
import { useAuthorities } from '../../components/use-authorities'
import { useNow } from '../../components/use-now'
import { useCachedAt } from '../../components/use-online'
import { announcementsKey, dashboardKeys, apnsExpiryQuery, expiringCountQuery, latestAnnouncementsQuery, offlineDevicesQuery, panelQuery, subAccountsQuery } from './queries'
import { detailLink, familyListLink, FAMILIES_BLOCK_ID, OFFLINE_BLOCK_ID, rememberDevice, tileLink, type ListLink } from './detail-link'
import { AbmWarning } from './AbmWarning'
import './dashboard.css'

/** The charts and their library (uPlot) arrive after the counts: the first screen never waits for them. */
const DashboardCharts = lazy(() => withTimeout(import('./DashboardCharts'), CHUNK_LOAD_TIMEOUT_MS, errorMessages.chunkLoadTimeout))

/**
 * /dashboard (SPEC §2, issue #15), the landing page and the installed app's home screen: the counts first, then the
 * charts, the sub-account table (bosses only), the devices offline for 24 hours or more and the latest
 * announcements. Every query is persisted, so it reads offline from the cache, and says since when.
 */
export function DashboardScreen() {
  const auth = useAuthorities()
  const queryClient = useQueryClient()
  const title = routeTitles['/dashboard']
  if (auth.info && !auth.has('dashboard')) {
    return (
      <section>
        <PageTitle title={title} />
        <StateBlock kind="empty" title={t.noAuthority} />
      </section>
    )
  }
  return (
    <section className="dashboard">
      <PageTitle title={title} />
      {auth.isAdmin ? <ApnsWarning /> : null}
      {auth.has('ios:abm') ? <AbmWarning /> : null}
      <PullToRefresh
        onRefresh={() => Promise.all([dashboardKeys.all, announcementsKey].map((queryKey) => queryClient.refetchQueries({ queryKey, type: 'active' })))}
        pullingText={t.pullToRefresh}
        canReleaseText={t.releaseToRefresh}
        refreshingText={t.refreshing}
        completeText={t.refreshed}
      >
        <Panel />
        <ChartBoundary>
          <Suspense fallback={<ChartPlaceholder text={t.chartLoading} />}>
            <DashboardCharts />
          </Suspense>
        </ChartBoundary>
        {auth.isBoss ? <SubAccounts /> : null}
        <OfflineDevices />
        <LatestAnnouncements />
      </PullToRefresh>
    </section>
  )
}

/** A label that may break between its words only. */
function words(parts: readonly string[]) {
  return parts.map((part) => (
    <span key={part} className="dash-word">
      {part}
    </span>
  ))
}

function Block({ title, extra, children, label, id }: { title: string; extra?: ReactNode; children: ReactNode; label?: string; id?: string }) {
  return (
    <section className="dash-block" aria-label={label ?? title} id={id}>
      <header className="dash-block-head">
        <h2>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  )
}

/** Offline, what the block shows is the cache: say since when (issue #11). */
function CachedNote({ cachedAt }: { cachedAt: number | undefined }) {
  return cachedAt ? <p className="dash-cached">{t.cachedAt(formatDate(cachedAt, 'MM-dd hh:mm'))}</p> : null
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StateBlock kind="error" title={t.loadFailed}>
      <Button className="touch" onClick={onRetry}>
        {t.retry}
      </Button>
    </StateBlock>
  )
}

/**
 * A block whose content is one query: the cached-at note, then loading, a retryable failure, the empty state or
 * `children` with the data (the three list blocks of the dashboard).
 */
function QueryBlock<T>({ title, extra, query, isEmpty, emptyText, children, id }: {
  id?: string
  title: string
  extra?: ReactNode
  query: UseQueryResult<T>
  isEmpty: (data: T) => boolean
  emptyText: string
  children: (data: T) => ReactNode
}) {
  const cachedAt = useCachedAt(query)
  return (
    <Block title={title} extra={extra} id={id}>
      <CachedNote cachedAt={cachedAt} />
      {query.isPending ? (
        <Loading />
      ) : !query.data ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : isEmpty(query.data) ? (
        <StateBlock kind="empty" title={emptyText} />
      ) : (
        children(query.data)
      )}
    </Block>
  )
}

function Panel() {
  const panel = useQuery(panelQuery())
  const cachedAt = useCachedAt(panel)
  if (panel.isPending) return <Loading />
  if (!panel.data) return <LoadFailed onRetry={() => void panel.refetch()} />
  const p = panel.data
  return (
    <>
      <CachedNote cachedAt={cachedAt} />
      <div className="dash-stats" role="list" aria-label={t.byFamily}>
        {/* Issue #43: a tile opens the list it counts (one family's list, else the families below; the offline table). */}
        <Stat label={t.totalDevices} value={p.total} to={tileLink(p.families)} />
        <Stat label={t.onlineNow} value={p.online} tone="success" to={tileLink(p.families, 'success')} />
        <Stat label={t.offline24h} value={p.offline24h} tone="error" to={{ hash: OFFLINE_BLOCK_ID }} />
        <Stat label={t.lostMode} value={p.lostMode} tone={p.lostMode > 0 ? 'warning' : undefined} to={p.families.some((f) => f.platform === 'IOS') ? familyListLink('IOS') : undefined} />
        <Stat label={t.commandsToday} value={p.commandsToday} />
        <ExpiringStat />
      </div>
      {p.total === 0 ? <StateBlock kind="empty" title={t.noDevicesYet} /> : <Families families={p.families} />}
    </>
  )
}

/** Issue #45: devices whose service ends soon, for those who manage renewals; the tile opens the 即将到期 list. */
function ExpiringStat() {
  const auth = useAuthorities()
  const may = auth.has('ios:renew')
  const count = useQuery({ ...expiringCountQuery(), enabled: may })
  if (!may || !count.data) return null
  return <Stat label={lifecycleText.dashboardCount} value={count.data.total} tone={count.data.total > 0 ? 'warning' : undefined} to={{ to: '/ios/renew', search: { view: 'expiring' } }} />
}

function Stat({ label, value, tone, to }: { label: string; value: number; tone?: 'success' | 'warning' | 'error'; to?: ListLink }) {
  const content = (
    <>
      <span className="dash-stat-value">{formatThousands(value)}</span>
      <span className="dash-stat-label">{label}</span>
    </>
  )
  const className = `dash-stat${tone ? ` dash-stat-${tone}` : ''}`
  if (!to) {
    return (
      <div className={className} role="listitem">
        {content}
      </div>
    )
  }
  return (
    <div role="listitem" className="dash-stat-item">
      {'hash' in to ? (
        <a className={`${className} dash-stat-link`} href={`#${to.hash}`}>
          {content}
        </a>
      ) : (
        <Link className={`${className} dash-stat-link`} to={to.to} search={to.search}>
          {content}
        </Link>
      )}
    </div>
  )
}

/** Each family's devices by SPEC §4 status, as a bar in the status colours and in words. */
function Families({ families }: { families: WorkspacePanelResponse['families'] }) {
  return (
    <Block title={t.byFamily} id={FAMILIES_BLOCK_ID}>
      <ul className="dash-families">
        {families.map((f) => (
          <li key={f.platform} className="dash-family">
            <div className="dash-family-head">
              <Link className="dash-family-name" {...familyListLink(f.platform)}>
                {t.families[f.platform]}
              </Link>
              <span className="dash-family-total">{formatThousands(f.total)}</span>
            </div>
            <div className="dash-family-bar" aria-hidden>
              {(['online', 'warning', 'offline'] as const).map((k) =>
                f[k] > 0 ? (
                  <span
                    key={k}
                    style={{ flexGrow: f[k], background: connectionStatusColors[k === 'online' ? 'success' : k === 'offline' ? 'error' : 'warning'].background }}
                  />
                ) : null,
              )}
            </div>
            <span className="dash-family-text">
              {(['success', 'warning', 'error'] as const).map((k, i) => (
                <Fragment key={k}>
                  {i > 0 ? ' · ' : null}
                  <Link {...familyListLink(f.platform, k)}>{t.familyStatusPart(k, f[k === 'success' ? 'online' : k === 'error' ? 'offline' : 'warning'])}</Link>
                </Fragment>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </Block>
  )
}

function ChartPlaceholder({ text }: { text: string }) {
  return <div className="dash-chart-placeholder">{text}</div>
}

/** The chart chunk failing to arrive (offline before it was ever loaded) leaves the rest of the dashboard usable. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? <ChartPlaceholder text={t.chartFailed} /> : this.props.children
  }
}

function SubAccounts() {
  const [current, setCurrent] = useState(1)
  return (
    <QueryBlock title={t.subAccountsTitle} query={useQuery(subAccountsQuery(current))} isEmpty={(d) => d.total === 0} emptyText={t.noSubAccounts}>
      {(data) => (
        <>
          <table className="dash-table">
            <thead>
              <tr>
                <th scope="col">{t.subAccountsTitle}</th>
                <th scope="col">{t.subAccountDevices}</th>
                <th scope="col">{words(t.subAccountIosQuota)}</th>
                <th scope="col">{words(t.subAccountHuaweiQuota)}</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((r) => (
                <tr key={r.companyId}>
                  <th scope="row">
                    {r.companyName}
                    {r.available ? '' : t.disabled}
                  </th>
                  <td>{formatThousands(r.deviceCount)}</td>
                  <td>{r.iosQuota === null ? t.notOpened : formatThousands(r.iosQuota)}</td>
                  <td>{r.huaweiQuota === null ? t.notOpened : formatThousands(r.huaweiQuota)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <SmallPager current={current} total={data.total} onChange={setCurrent} />
        </>
      )}
    </QueryBlock>
  )
}

function SmallPager({ current, total, onChange }: { current: number; total: number; onChange: (n: number) => void }) {
  if (total <= 5) return null
  return <Pagination current={current} pageSize={5} total={total} onChange={(c) => onChange(c)} showSizeChanger={false} showQuickJumper={false} />
}

function OfflineDevices() {
  const [current, setCurrent] = useState(1)
  const now = useNow()
  const navigate = useNavigate()
  const open = (d: OfflineDeviceRecord) => {
    const link = detailLink(d)
    // SPEC §2: the viewed Apple device is kept in the browser-stored device-id.
    if (d.platform === 'IOS') rememberDevice(d.id)
    void navigate({ to: link.to, search: link.search })
  }
  return (
    <QueryBlock id={OFFLINE_BLOCK_ID} title={t.offlineTitle} query={useQuery(offlineDevicesQuery(current))} isEmpty={(d) => d.total === 0} emptyText={t.noOfflineDevices}>
      {(data) => (
        <>
          <ul className="dash-offline">
            {data.records.map((d) => (
              <li key={d.id}>
                <button type="button" className="dash-offline-row" onClick={() => open(d)}>
                  <span className="dash-offline-main">
                    <span className="dash-offline-serial">{d.serialNumber}</span>
                    <span className="dash-offline-meta">
                      {[t.families[d.platform], d.name || modelText(d.model), d.renterName, d.companyName].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  <span className="dash-offline-time">
                    {d.lastCommunicationTime ? formatRelativeTime(d.lastCommunicationTime, now) : t.neverCommunicated}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <SmallPager current={current} total={data.total} onChange={setCurrent} />
        </>
      )}
    </QueryBlock>
  )
}

/** The latest announcements (SPEC §2), newest first, unread ones marked; tapping one opens it in /announcement's viewer. */
function LatestAnnouncements() {
  return (
    <QueryBlock
      title={t.announcementsTitle}
      extra={<Link to="/announcement">{t.announcementsMore}</Link>}
      query={useQuery(latestAnnouncementsQuery())}
      isEmpty={(d) => d.length === 0}
      emptyText={t.noAnnouncements}
    >
      {(data) => (
        <ul className="dash-offline" data-testid="latest-announcements">
          {data.map((a) => (
            <li key={a.id}>
              <Link to="/announcement" search={{ view: a.id }} className="dash-offline-row">
                <span className="dash-offline-main">
                  <span className="dash-offline-serial">
                    {a.read ? null : <span className="dash-unread" aria-label={t.unread} />}
                    {a.title}
                  </span>
                  <span className="dash-offline-meta">{a.summary}</span>
                </span>
                <span className="dash-offline-time">{formatDate(a.createdAt).slice(0, 10)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryBlock>
  )
}

/** Platform administrators: the APNs certificate ends within 30 days (or has), with the way to the certificate page. */
function ApnsWarning() {
  const expiry = useQuery(apnsExpiryQuery())
  const e = expiry.data
  if (!e || !e.configured || !e.expiringSoon || e.daysLeft === null) return null
  return (
    <NoticeBar
      className="dash-apns"
      color="alert"
      wrap
      content={e.daysLeft < 0 ? t.apnsExpired : t.apnsExpiring(e.daysLeft)}
      extra={<Link to="/certificate">{t.apnsOpen}</Link>}
    />
  )
}
