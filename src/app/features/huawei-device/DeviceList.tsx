import { useState } from 'react'
import { ActionSheet, Button, PullToRefresh } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import { useQuery } from '@tanstack/react-query'
import type { DeviceRecord, DeviceSearchParams } from '../../../shared/contract/huawei-device'
import { connectionStatusLabels } from '../../../shared/domain/connection-status'
import { successMessages, uiText } from '../../../shared/messages/common'
import { deviceCommandText, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { routeTitles } from '../../../shared/messages/routes'
import { download } from '../../api/download'
import { OnlineButton } from '../../components/OnlineButton'
import { Pagination } from '../../components/Pagination'
import { useClampedPage } from '../../components/use-clamped-page'
import { QueryStatus } from '../../components/QueryStatus'
import { RecordList } from '../../components/RecordCard'
import { SearchPanel, type SearchField } from '../../components/SearchPanel'
import { SelectBox } from '../../components/SelectBox'
import { confirmAction } from '../../components/dialogs'
import { DialogSlot } from '../../components/lazy-dialog'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import { useNow } from '../../components/use-now'
import { useSearchState } from '../../components/use-search-state'
import { notify } from '../../notify'
import type { DeviceArea } from './area'
import { DeviceCard } from '../../components/device/DeviceCard'
import { useDeviceCommand, type DeviceCommands } from '../../components/device/use-device-command'
import { useOnline } from '../../components/use-online'
import type { AgentCommand } from '../../../shared/contract/agent'
import { MoveDeviceDialog } from '../../components/lazy-device-move'
import { DeviceFormDialog, EnrollmentDialog } from './lazy-dialogs'
import { deviceListQuery, deviceListSearch, searchMaxLength, setRecycled, useDevicesChanged, type DeviceListSearch } from './queries'
import { useRecycle } from './use-recycle'
import './devices.css'

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

/** A bulk confirmation names the devices: the first few serial numbers and the count (issue #11). */
const namedBulk = (action: string, devices: DeviceRecord[]) =>
  deviceCommandText.confirmBulk(
    action,
    devices.slice(0, 3).map((d) => d.serialNumber),
    devices.length,
  )

/**
 * The selection's bulk actions: on the list, the commands that make sense for many devices and 淘汰; in the recycle
 * bin, 移出回收站. One request per device, one summary at the end; `onDone` gets the devices that failed, which
 * stay selected so they can be tried again.
 */
function BulkBar({
  area,
  commands,
  devices,
  recycle,
  onDone,
}: {
  area: DeviceArea
  /** The list's own, so that the follow-up outlives this bar (it goes when the selection is cleared). */
  commands: DeviceCommands<AgentCommand>
  devices: DeviceRecord[]
  recycle: boolean
  onDone: (failed?: number[]) => void
}) {
  const auth = useAuthorities()
  const { runBulk, running } = commands
  const devicesChanged = useDevicesChanged(area)
  const [busy, setBusy] = useState(false)

  /**
   * Moves each device into or out of the bin in turn, then refreshes the lists once; answers the ids that failed
   * (each failure shows its own reason).
   */
  const eachDevice = async (recycled: boolean): Promise<number[]> => {
    setBusy(true)
    const failed: number[] = []
    for (const d of devices) {
      try {
        await setRecycled(area, d.id, recycled)
      } catch {
        failed.push(d.id)
      }
    }
    setBusy(false)
    devicesChanged()
    return failed
  }

  const recycleAll = async () => {
    if (!(await confirmAction(namedBulk(t.recycle, devices), t.recycle))) return
    const failed = await eachDevice(true)
    if (failed.length === 0) notify.success(successMessages.eliminateDevice)
    else notify.warning(t.bulkDone(t.recycle, devices.length - failed.length, failed.length))
    onDone(failed)
  }

  const takeOutAll = async () => {
    if (!(await confirmAction(namedBulk(t.takeOut, devices), t.takeOut))) return
    const failed = await eachDevice(false)
    const summary = t.takeOutBulkDone(devices.length - failed.length, failed.length)
    if (failed.length === 0) notify.success(summary)
    else notify.warning(summary)
    onDone(failed)
  }

  const chooseCommand = () => {
    const handler = ActionSheet.show({
      actions: area.commands
        .filter((command) => command.bulk)
        .map((command) => ({
          key: command.name,
          text: command.label,
          danger: command.destructive,
          onClick: () => {
            handler.close()
            void runBulk(command.name, devices).then(onDone)
          },
        })),
      cancelText: uiText.cancel,
    })
  }

  const canRecycle = auth.has(area.authority.recycle)
  return (
    <div className="bulk-bar" role="region" aria-label={t.selected(devices.length)}>
      <Button className="bulk-clear" fill="none" aria-label={t.clearSelection} onClick={() => onDone()}>
        <CloseOutline />
      </Button>
      <span className="bulk-count">{t.selected(devices.length)}</span>
      {!recycle && auth.has(area.authority.command) ? (
        <OnlineButton color="primary" loading={running.size > 0} onClick={chooseCommand}>
          {t.commands}
        </OnlineButton>
      ) : null}
      {!recycle && canRecycle ? (
        <OnlineButton color="danger" fill="outline" loading={busy} onClick={() => void recycleAll()}>
          {t.recycle}
        </OnlineButton>
      ) : null}
      {recycle && canRecycle ? (
        <OnlineButton color="primary" loading={busy} onClick={() => void takeOutAll()}>
          {t.takeOut}
        </OnlineButton>
      ) : null}
    </div>
  )
}

/** A device list of one area: the devices, or the recycle bin (SPEC §4: the list always asks recycleStatus=false). */
export function DeviceList({ area, recycle, onOpen }: { area: DeviceArea; recycle: boolean; onOpen: (device: DeviceRecord) => void }) {
  const [search, setSearch, applyFilters] = useSearchState(deviceListSearch)
  const query: DeviceSearchParams = { ...search, recycleStatus: recycle }
  const list = useQuery(deviceListQuery(area, query))
  const auth = useAuthorities()
  const editor = useDisclosure<DeviceRecord | null>()
  const mover = useDisclosure<DeviceRecord>()
  const devicesChanged = useDevicesChanged(area)
  const enrollment = useDisclosure()
  const { recycle: recycleOne, takeOut } = useRecycle(area)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const records = list.data?.records ?? []
  const total = list.data?.total ?? 0
  const now = useNow()
  const online = useOnline()
  const commands = useDeviceCommand(area)
  const title = routeTitles[recycle ? area.recyclePath : area.listPath]
  // Offline, cards say when their data was loaded instead of showing a status as if live (issue #11).
  const cachedAt = online || !list.data ? undefined : list.dataUpdatedAt

  const setPage = (next: DeviceListSearch) => {
    setSelected(new Set())
    setSearch(next)
  }
  // The last row of a later page recycled (or a link past the end): step back to the last page with rows.
  useClampedPage(list.data, search, (current, pageSize) => setPage({ ...search, current, pageSize }))
  const toggle = (id: number, checked: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (checked) next.add(id)
      else next.delete(id)
      return next
    })
  const allSelected = records.length > 0 && records.every((r) => selected.has(r.id))

  const exportList = () => download(area.api.export, query, { fileName: t.exportFileName })

  const canRecycle = auth.has(area.authority.recycle)
  return (
    <section>
      {/* One visible title, the header's (issue #11); the heading stays for assistive technology. The list's actions share a row with 全选本页. */}
      <h1 className="visually-hidden">{title}</h1>
      <SearchPanel
        compact
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
          {!recycle ? (
            <OnlineButton size="small" color="primary" onClick={() => editor.open(null)}>
              {t.addDevice}
            </OnlineButton>
          ) : null}
          <OnlineButton size="small" onClick={() => void exportList()}>
            {t.export}
          </OnlineButton>
          {!recycle && auth.isCompanyAccount ? (
            <OnlineButton size="small" onClick={() => enrollment.open(true)}>
              {t.enrollment}
            </OnlineButton>
          ) : null}
        </span>
      </div>
      <PullToRefresh
        onRefresh={async () => void (await list.refetch())}
        pullingText={t.pullToRefresh}
        canReleaseText={t.releaseToRefresh}
        refreshingText={t.refreshing}
        completeText={t.refreshed}
      >
        <QueryStatus
          isPending={list.isPending}
          isError={list.isError && !list.data}
          isEmpty={records.length === 0}
          onRetry={() => void list.refetch()}
          emptyText={recycle ? t.noRecycledDevices : t.noDevices}
        />
        <RecordList label={title}>
          {records.map((d) => (
            <DeviceCard
              key={d.id}
              family={area}
              device={d}
              now={now}
              cachedAt={cachedAt}
              selected={selected.has(d.id)}
              onSelect={(checked) => toggle(d.id, checked)}
              actions={{
                onOpen,
                onEdit: recycle ? undefined : (device) => editor.open(device),
                onMove: recycle ? undefined : (device) => mover.open(device),
                onRecycle: !recycle && canRecycle ? (device) => void recycleOne(device) : undefined,
                onTakeOut: recycle && canRecycle ? (device) => void takeOut(device) : undefined,
                commands: !recycle && auth.has(area.authority.command) ? commands : undefined,
              }}
            />
          ))}
        </RecordList>
      </PullToRefresh>
      {total > 0 ? (
        <Pagination current={search.current} pageSize={search.pageSize} total={total} onChange={(current, pageSize) => setPage({ ...search, current, pageSize })} />
      ) : null}
      {selected.size > 0 ? (
        <BulkBar area={area} commands={commands} recycle={recycle} devices={records.filter((r) => selected.has(r.id))} onDone={(failed = []) => setSelected(new Set(failed))} />
      ) : null}
      <DialogSlot of={editor}>
        <DeviceFormDialog key={editor.value?.id ?? 'new'} area={area} visible={editor.visible} editing={editor.value} onClose={editor.close} />
      </DialogSlot>
      <DialogSlot of={mover}>
        <MoveDeviceDialog key={mover.value?.id} platform={area.platform} device={mover.value} visible={mover.visible} onClose={mover.close} onMoved={devicesChanged} />
      </DialogSlot>
      <DialogSlot of={enrollment}>
        <EnrollmentDialog area={area} visible={enrollment.visible} onClose={enrollment.close} />
      </DialogSlot>
    </section>
  )
}
