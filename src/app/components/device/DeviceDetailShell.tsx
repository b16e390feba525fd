import type { ReactNode } from 'react'
import { Button, Tag } from 'antd-mobile'
import { PullToRefresh } from '../PullToRefresh'
import { LeftOutline } from 'antd-mobile-icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { uiText } from '../../../shared/messages/common'
import { deviceCommandText as c, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { OnlineButton } from '../OnlineButton'
import { QueryStatus } from '../QueryStatus'
import { DeviceStateTag } from '../StatusTag'
import { useAuthorities } from '../use-authorities'
import { useNow } from '../use-now'
import { useOnline } from '../use-online'
import { CommandPanel } from './CommandPanel'
import { DeviceTags } from './DeviceCard'
import type { DeviceFamily, FamilyDevice } from './family'
import { deviceDetailQuery, deviceKeys } from './queries'
import { TaskLog } from './TaskLog'
import { useRecycle } from './use-recycle'
import './devices.css'

/** Why a recycled device offers no commands, edit or transfer, and the way out of the recycle bin. */
function RecycledNotice({ onTakeOut }: { onTakeOut?: () => void }) {
  return (
    <div className="device-recycled-note" role="note">
      <p>{t.recycledNotice}</p>
      {onTakeOut ? (
        <OnlineButton color="primary" onClick={onTakeOut}>
          {t.takeOut}
        </OnlineButton>
      ) : null}
    </div>
  )
}

interface DeviceDetailShellProps<Name extends string, D extends FamilyDevice> {
  family: DeviceFamily<Name, D>
  deviceId: number | undefined
  onBack: (recycled: boolean | undefined) => void
  /** The family's own actions beside 淘汰 (edit, transfer); not offered for a recycled device. */
  actions?: (device: D) => ReactNode
  /** The family's one line of current state above the command grid. */
  summary?: (device: D) => ReactNode
  /** The family's panels below the commands (device and rent information, tabs). */
  children: (device: D, now: number) => ReactNode
  /** The family's dialogs its actions open. */
  dialogs?: ReactNode
  /** The task log beside the panels (default); a family that shows it in a tab of its own turns it off. */
  taskLog?: boolean
}

/**
 * The detail of one device of any family (SPEC §2): head, command grid, the family's panels and the task log. A
 * device in the recycle bin is shown as such: the server refuses its commands, edit and transfer, so they are not
 * offered. `onBack` is told whether the device is recycled (undefined while unknown), as its list is then the
 * recycle bin.
 */
export function DeviceDetailShell<Name extends string, D extends FamilyDevice>({ family, deviceId, onBack, actions, summary, children, dialogs, taskLog = true }: DeviceDetailShellProps<Name, D>) {
  const detail = useQuery({ ...deviceDetailQuery(family, deviceId ?? 0), enabled: deviceId !== undefined })
  const queryClient = useQueryClient()
  const auth = useAuthorities()
  const { recycle, takeOut } = useRecycle(family)
  const now = useNow()
  const online = useOnline()
  const device = detail.data

  const back = (
    <Button className="touch" fill="none" onClick={() => onBack(device?.recycleStatus)} aria-label={t.back}>
      <LeftOutline /> {t.back}
    </Button>
  )
  if (deviceId === undefined) {
    return (
      <section>
        {back}
        <p className="center-box">{t.noDeviceChosen}</p>
      </section>
    )
  }
  // Offline and never opened here: nothing to show and nothing to wait for, so say so instead of spinning.
  if (!device && !online && detail.fetchStatus !== 'fetching') {
    return (
      <section>
        {back}
        <p className="center-box" role="note">
          {c.detailNotCached}
        </p>
      </section>
    )
  }

  return (
    <section>
      {back}
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([detail.refetch(), queryClient.invalidateQueries({ queryKey: deviceKeys.taskLogs(family.platform, deviceId) })])
        }}
      >
        <QueryStatus isPending={detail.isPending} isError={detail.isError && !device} isEmpty={false} onRetry={() => void detail.refetch()} />
        {device ? (
          <>
            <div className="device-detail-head">
              <h1>{device.serialNumber}</h1>
              {/* The card's state tag: offline it says 缓存于, never a live 在线 (issue #43). */}
              <DeviceStateTag device={device} now={now} cachedAt={online ? undefined : detail.dataUpdatedAt} />
              <DeviceTags family={family} device={device} />
              {taskLog ? (
                <a className="device-jump" href="#task-log">
                  {c.jumpToTaskLog}
                </a>
              ) : null}
              {device.recycleStatus ? (
                <Tag color="danger" fill="outline" data-testid="recycled-tag">
                  {t.recycled}
                </Tag>
              ) : null}
            </div>
            {device.recycleStatus ? (
              <RecycledNotice onTakeOut={auth.has(family.authority.recycle) ? () => void takeOut(device) : undefined} />
            ) : (
              <div className="device-detail-actions">
                {actions?.(device)}
                {auth.has(family.authority.recycle) ? (
                  <OnlineButton color="danger" fill="outline" onClick={() => void recycle(device)}>
                    {t.recycle}
                  </OnlineButton>
                ) : null}
              </div>
            )}
            {/* On a tablet two columns: commands and panels beside the task log, or commands beside the family's tabs. */}
            <div className="device-detail-grid">
              <div>
                {auth.has(family.authority.command) && !device.recycleStatus ? <CommandPanel family={family} device={device} summary={summary?.(device)} /> : null}
                {taskLog ? children(device, now) : null}
              </div>
              {taskLog ? <TaskLog family={family} deviceId={device.id} /> : <div>{children(device, now)}</div>}
            </div>
          </>
        ) : null}
      </PullToRefresh>
      {dialogs}
      {detail.isError && device ? (
        <Button className="touch" onClick={() => void detail.refetch()}>
          {uiText.retry}
        </Button>
      ) : null}
    </section>
  )
}
