import type { ReactNode } from 'react'
import { modelText } from '../../shared/domain/apple-models'
import { formatDate, formatRelativeTime } from '../../shared/domain/format'
import { deviceText as t } from '../../shared/messages/devices'
import { RecordCard } from './RecordCard'
import { DeviceStateTag } from './StatusTag'

/** What every device list knows of a device, whichever list it comes from. */
export interface DeviceSummary {
  serialNumber: string
  name: string
  model: string
  lastCommunicationTime: string | null
  renterName: string
  renterPhone?: string
  staffName: string | null
  /** Left out where every device is the same company's (a company's own device list). */
  companyName?: string
  /** Apple: erased and not enrolled again (its state then reads 已抹掉). */
  wiped?: boolean
  enrolled?: boolean
}

/** "3 分钟前", or 从未通信 for a device that never reached the server. */
export function lastSeenText(device: Pick<DeviceSummary, 'lastCommunicationTime'>, now: number): string {
  if (!device.lastCommunicationTime) return t.neverCommunicated
  // A contact lies in the past, whatever this screen's clock says: a phone set slow must not read "1 分钟后".
  const seen = Date.parse(device.lastCommunicationTime)
  return formatRelativeTime(Number.isNaN(seen) ? device.lastCommunicationTime : Math.min(seen, now), now)
}

/**
 * When a device was last heard from, as its card and its table row show it: "3 分钟前" online; offline (`cachedAt`,
 * when the record was cached) the date itself, never 刚刚 as if live (issue #11), beside the 缓存于 state.
 */
export function lastContactText(device: Pick<DeviceSummary, 'lastCommunicationTime'>, now: number, cachedAt?: number): string {
  return cachedAt !== undefined && device.lastCommunicationTime ? formatDate(device.lastCommunicationTime, 'MM-dd hh:mm') : lastSeenText(device, now)
}

/** A device's model named once: its name and its model code's marketing name, when they differ. */
export const modelName = (device: Pick<DeviceSummary, 'name' | 'model'>): string => [...new Set([device.name, modelText(device.model)])].filter(Boolean).join(' / ')

/** Whose the device is: its company (and staff member), or, in a company's own list, its staff member. */
export const ownerOf = (device: Pick<DeviceSummary, 'companyName' | 'staffName'>): { label: string; value: string } =>
  device.companyName === undefined
    ? { label: t.staff, value: device.staffName ?? t.unassigned }
    : { label: t.company, value: device.staffName ? `${device.companyName} · ${device.staffName}` : device.companyName }

interface DeviceSummaryCardProps {
  device: DeviceSummary
  /** The clock the status and the relative time are computed against (useNow), so a cached list still ages. */
  now: number
  /** Default: the serial number. */
  title?: ReactNode
  /** After the connection status. */
  tags?: ReactNode
  actions?: ReactNode
  className?: string
  /** A tap on the card's fields opens the device (RecordCard). */
  onOpen?: () => void
  /**
   * Offline: when the cached data was loaded (the query's dataUpdatedAt). The card then says so and gives the
   * last contact as a date, never 在线 or 刚刚 as if live (issue #11).
   */
  cachedAt?: number
}

/** One device of a list as a card: connection status (SPEC §4), model, renter, owner and when it was last seen. */
export function DeviceSummaryCard({ device, now, title = device.serialNumber, tags, actions, className, cachedAt, onOpen }: DeviceSummaryCardProps) {
  const renter = [device.renterName, device.renterPhone].filter(Boolean).join(' · ')
  return (
    <RecordCard
      className={className}
      title={title}
      tags={
        <>
          {/* One status language (issue #43): offline it says 缓存于 and the state as of then, in the state's outline. */}
          <DeviceStateTag device={device} now={now} cachedAt={cachedAt} />
          {tags}
        </>
      }
      fields={[
        { label: t.model, value: modelName(device) || '—' },
        { label: t.renterName, value: renter || '—' },
        ownerOf(device),
        { label: t.lastCommunicationTime, value: lastContactText(device, now, cachedAt) },
      ]}
      actions={actions}
      onOpen={onOpen}
    />
  )
}
