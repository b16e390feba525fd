import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react'
import { PullToRefresh } from '../PullToRefresh'
import { useQuery } from '@tanstack/react-query'
import { connectionStatusLabels } from '../../../shared/domain/connection-status'
import { deviceCommandText as c, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { routeTitles } from '../../../shared/messages/routes'
import { scanText } from '../../../shared/messages/scan'
import { download } from '../../api/download'
import { dropBootSnapshot } from '../../boot-snapshot'
import { OnlineButton } from '../OnlineButton'
import { Pagination } from '../Pagination'
import { QueryStatus } from '../QueryStatus'
import { RecordList } from '../RecordCard'
import { ScanButton } from './ScanButton'
import { SearchPanel, type SearchField } from '../SearchPanel'
import { SelectBox } from '../SelectBox'
import { useAuthorities } from '../use-authorities'
import { useClampedPage } from '../use-clamped-page'
import { DEVICE_TABLE_MEDIA_QUERY, useMediaQuery } from '../../layout/use-media-query'
import { useNow } from '../use-now'
import { useProgressiveCount } from '../use-progressive-count'
import { useOnline } from '../use-online'
import { useSearchState } from '../use-search-state'
import { BulkBar } from './BulkBar'
import { DeviceCard, type DeviceCardActions } from './DeviceCard'
import { DeviceTable } from './DeviceTable'
import type { DeviceFamily, DeviceListParams, FamilyDevice } from './family'
import { deviceListSearch, searchMaxLength, type DeviceListSearch } from './list-search'
import { deviceListQuery } from './queries'
import { useDeviceCommand } from './use-device-command'
import { useRecycle } from './use-recycle'
import { scheduleListSnapshot } from './list-snapshot'
import { useCachedSearch } from './offline-search'
import { useExport } from './use-export'
import './devices.css'

/** Issue #44: 批量操作 for every device a search matches, fetched with the list only when a search is shown. */
const FleetAction = lazy(() => import('../../features/fleet/FleetAction').then((m) => ({ default: m.FleetAction })))

/**
 * The list's filters. `maxLength` is the server's limit (a longer filter is refused with 400): the inputs stop there,
 * and the URL parser cuts a longer filter from a link (queries.ts), so the list never fails.
 */
const searchFields: SearchField[] = [
  { name: 'serialNumber', label: t.serialNumber, maxLength: searchMaxLength.serialNumber },
  { name: 'renterName', label: t.renterName, maxLength: searchMaxLength.renterName },
  {
    name: 'connectionStatus',
    label: t.status,
    options: [
      { label: t.allStatuses, value: '' },
      ...(['success', 'warning', 'error'] as const).map((s) => ({ label: connectionStatusLabels[s], value: s })),
    ],
  },
]

interface DeviceListProps<Name extends string, D extends FamilyDevice> {
  family: DeviceFamily<Name, D>
  recycle: boolean
  onOpen: (device: D) => void
  /** The family's own list actions beside 导出 (add, enrollment); not shown in the recycle bin. */
  toolbar?: ReactNode
  /** The family's own per-device actions under 更多 (edit, transfer); not offered in the recycle bin. */
  onEdit?: (device: D) => void
  onMove?: (device: D) => void
  /** The family's dialogs those actions open. */
  children?: ReactNode
}

/**
 * A family's device list: the devices, or the recycle bin (SPEC §4: the list always asks recycleStatus=false).
 * Search, selection and bulk commands, pull to refresh, paging, 导出 and 淘汰 / 移出回收站 are the same for every
 * family; its dialogs and extra actions come from the family's screen.
 */
export function DeviceList<Name extends string, D extends FamilyDevice>({ family, recycle, onOpen, toolbar, onEdit, onMove, children }: DeviceListProps<Name, D>) {
  const [search, setSearch, applyFilters] = useSearchState(deviceListSearch)
  const query: DeviceListParams = { ...search, recycleStatus: recycle }
  const list = useQuery(deviceListQuery(family, query))
  const auth = useAuthorities()
  const { recycle: recycleOne, takeOut } = useRecycle(family)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  // Issue #43: offline, the search and filters run over the devices cached on this phone, each card as of when it was
  // cached; online, the server answers.
  const online = useOnline()
  const cached = useCachedSearch<D>(family.platform, query, online, list.data)
  const records = cached ? cached.records : (list.data?.records ?? [])
  const total = cached ? cached.total : (list.data?.total ?? 0)
  const now = useNow()
  const commands = useDeviceCommand(family)
  const title = routeTitles[recycle ? family.recyclePath : family.listPath]
  // Issue #43 item 7: from tablet width up, a table with sortable columns; cards on a phone.
  const table = useMediaQuery(DEVICE_TABLE_MEDIA_QUERY)
  // A phone's screen holds three or four cards: the first twelve come first on the app's first list.
  const shown = useProgressiveCount(records.length, 12)

  // Issue #16: the list painted before the app ran (boot-snapshot.ts) gives way once this one has something to show,
  // in the same frame; what this list shows is saved for the next start (not a selection in progress).
  const settled = !list.isPending || cached !== undefined
  useLayoutEffect(() => {
    if (settled) dropBootSnapshot()
  }, [settled])
  useEffect(() => {
    if (records.length > 0 && selected.size === 0) return scheduleListSnapshot()
  }, [list.data, shown, selected, records.length])

  const setPage = (next: DeviceListSearch) => {
    setSelected(new Set())
    setSearch(next)
  }
  // The last row of a later page recycled (or a link past the end): step back to the last page with rows.
  useClampedPage(cached ?? list.data, search, (current, pageSize) => setPage({ ...search, current, pageSize }))
  const toggle = (id: number, checked: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (checked) next.add(id)
      else next.delete(id)
      return next
    })
  const allSelected = records.length > 0 && records.every((r) => selected.has(r.id))

  const exporter = useExport((onProgress) => download(family.api.export, query, { fileName: t.exportFileName, onProgress }))

  const canRecycle = auth.has(family.authority.recycle)
  const rowActions: DeviceCardActions<Name, D> = {
    onOpen,
    onEdit: recycle ? undefined : onEdit,
    onMove: recycle ? undefined : onMove,
    onRecycle: !recycle && canRecycle ? (device) => void recycleOne(device) : undefined,
    onTakeOut: recycle && canRecycle ? (device) => void takeOut(device) : undefined,
    commands: !recycle && auth.has(family.authority.command) ? commands : undefined,
  }
  return (
    <section>
      {/* One visible title: the header's on a phone (issue #11), this heading on a tablet, which has no top bar (issue #43 item 7). The list's actions share a row with 全选本页. */}
      <h1 className="device-list-title">{title}</h1>
      <SearchPanel
        // A scanned serial replaces what was typed: the panel starts again from the list's query.
        key={search.serialNumber ?? ''}
        compact
        extra={
          <ScanButton
            className="search-scan"
            label={scanText.scanToSearch}
            onScan={(serialNumber) => {
              setSelected(new Set())
              applyFilters({ serialNumber, renterName: undefined, connectionStatus: undefined })
            }}
          />
        }
        fields={searchFields}
        values={{ serialNumber: search.serialNumber, renterName: search.renterName, connectionStatus: search.connectionStatus }}
        onSearch={(filters) => {
          setSelected(new Set())
          applyFilters(filters)
        }}
      />
      <div className="device-toolbar">
        {records.length > 0 ? (
          <SelectBox
            checked={allSelected}
            indeterminate={!allSelected && records.some((r) => selected.has(r.id))}
            onChange={(checked) => setSelected(checked ? new Set(records.map((r) => r.id)) : new Set())}
          >
            {t.selectAll}
          </SelectBox>
        ) : null}
        <span className="device-toolbar-actions">
          {!recycle ? toolbar : null}
          <OnlineButton size="small" loading={exporter.exporting} loadingText={exporter.text ?? undefined} onClick={() => void exporter.start()}>
            {t.export}
          </OnlineButton>
        </span>
      </div>
      {!recycle && !cached && total > 0 && (search.serialNumber || search.renterName || search.connectionStatus) && auth.has(family.authority.command) ? (
        <Suspense fallback={null}>
          <FleetAction family={family} filters={{ serialNumber: search.serialNumber, renterName: search.renterName, connectionStatus: search.connectionStatus }} total={total} sample={records[0]} />
        </Suspense>
      ) : null}
      <PullToRefresh
        onRefresh={async () => void (await list.refetch())}
        pullingText={t.pullToRefresh}
        canReleaseText={t.releaseToRefresh}
        refreshingText={t.refreshing}
        completeText={t.refreshed}
      >
        <QueryStatus
          isPending={list.isPending && !cached}
          isError={list.isError && !list.data && !cached}
          isEmpty={records.length === 0}
          onRetry={() => void list.refetch()}
          emptyText={cached ? c.noCachedMatches : recycle ? t.noRecycledDevices : t.noDevices}
        />
        {cached && records.length > 0 ? (
          <p className="cached-results" role="status">
            {c.cachedResults(cached.total)}
          </p>
        ) : null}
        {table ? (
          <DeviceTable
            family={family}
            records={records.slice(0, shown)}
            now={now}
            cachedAt={cached ? (id) => cached.cachedAt.get(id) : undefined}
            sort={{ sortBy: search.sortBy, sortOrder: search.sortOrder }}
            // SPEC §4: a new order of the list is a new query, from page 1 (the filters and page size kept).
            onSort={(sort) => setPage({ ...search, sortBy: sort.sortBy, sortOrder: sort.sortOrder, current: 1 })}
            selected={selected}
            onSelect={toggle}
            actions={rowActions}
          />
        ) : (
          <RecordList label={title}>
            {records.slice(0, shown).map((d) => (
              <DeviceCard
                key={d.id}
                family={family}
                device={d}
                now={now}
                cachedAt={cached?.cachedAt.get(d.id)}
                selected={selected.has(d.id)}
                onSelect={(checked) => toggle(d.id, checked)}
                actions={rowActions}
              />
            ))}
          </RecordList>
        )}
      </PullToRefresh>
      {total > 0 ? (
        <Pagination current={search.current} pageSize={search.pageSize} total={total} totalExact={cached ? true : list.data?.totalExact} onChange={(current, pageSize) => setPage({ ...search, current, pageSize })} />
      ) : null}
      {selected.size > 0 ? (
        <BulkBar family={family} commands={commands} recycle={recycle} devices={records.filter((r) => selected.has(r.id))} onDone={(failed = []) => setSelected(new Set(failed))} />
      ) : null}
      {children}
    </section>
  )
}
