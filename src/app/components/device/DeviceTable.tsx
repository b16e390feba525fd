import { useState } from 'react'
import { modelText } from '../../../shared/domain/apple-models'
import { deviceText, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { tableText } from '../../../shared/messages/shell'
import { lastSeenText } from '../DeviceSummaryCard'
import { DeviceStateTag } from '../StatusTag'
import { DeviceActions, DeviceOpenLink, DeviceSelect, DeviceTags, type DeviceCardActions } from './DeviceCard'
import type { DeviceFamily, FamilyDevice } from './family'

type SortKey = 'serialNumber' | 'model' | 'renterName' | 'companyName' | 'lastCommunicationTime'
type Sort = { key: SortKey; descending: boolean }

const text = (d: FamilyDevice, key: SortKey): string => {
  if (key === 'model') return [...new Set([d.name, modelText(d.model)])].filter(Boolean).join(' / ')
  if (key === 'companyName') return d.companyName ?? d.staffName ?? ''
  return d[key] ?? ''
}

/** Rows in the order of a column; a device never heard from sorts as the oldest contact. */
function sorted<D extends FamilyDevice>(records: readonly D[], sort: Sort | null): readonly D[] {
  if (!sort) return records
  const order = sort.descending ? -1 : 1
  return [...records].sort((a, b) => order * text(a, sort.key).localeCompare(text(b, sort.key), 'zh-CN'))
}

interface DeviceTableProps<Name extends string, D extends FamilyDevice> {
  family: DeviceFamily<Name, D>
  records: readonly D[]
  now: number
  cachedAt?: (id: number) => number | undefined
  selected: ReadonlySet<number>
  onSelect: (id: number, checked: boolean) => void
  actions: DeviceCardActions<Name, D>
}

/**
 * A device list from tablet width up (issue #43 item 7): one row per device with the card's facts, its tags and its
 * actions (the same commands, edit, transfer, 淘汰), selection, and columns sorted by a tap on their heading (the
 * page shown; the server's order is by last contact, as the cards').
 */
export function DeviceTable<Name extends string, D extends FamilyDevice>({ family, records, now, cachedAt, selected, onSelect, actions }: DeviceTableProps<Name, D>) {
  const [sort, setSort] = useState<Sort | null>(null)
  const columns: [SortKey, string][] = [
    ['serialNumber', t.serialNumber],
    ['model', deviceText.model],
    ['renterName', deviceText.renterName],
    ['companyName', deviceText.company],
    ['lastCommunicationTime', deviceText.lastCommunicationTime],
  ]
  const heading = ([key, label]: [SortKey, string]) => {
    const active = sort?.key === key
    return (
      <th key={key} scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="device-table-sort" onClick={() => setSort(active && !sort.descending ? { key, descending: true } : { key, descending: false })}>
          {label}
          <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ' ↕'}</span>
        </button>
      </th>
    )
  }
  return (
    <div className="device-table-wrap">
      <table className="device-table" aria-label={tableText.devices}>
        <thead>
          <tr>
            <th scope="col" className="device-table-select">
              <span className="visually-hidden">{tableText.select}</span>
            </th>
            {columns.slice(0, 4).map(heading)}
            <th scope="col">{t.status}</th>
            {heading(columns[4])}
            <th scope="col">{tableText.actions}</th>
          </tr>
        </thead>
        <tbody>
          {sorted(records, sort).map((d) => (
            <tr key={d.id} className="device-card device-row" data-serial={d.serialNumber}>
              <td className="device-table-select">
                <DeviceSelect serialNumber={d.serialNumber} checked={selected.has(d.id)} onChange={(checked) => onSelect(d.id, checked)} />
              </td>
              <th scope="row">
                <DeviceOpenLink device={d} onOpen={actions.onOpen} />
              </th>
              <td>{text(d, 'model') || '—'}</td>
              <td>{[d.renterName, d.renterPhone].filter(Boolean).join(' · ') || '—'}</td>
              <td>{d.companyName === undefined ? (d.staffName ?? '—') : d.staffName ? `${d.companyName} · ${d.staffName}` : d.companyName}</td>
              <td className="device-table-tags">
                <DeviceStateTag device={d} now={now} cachedAt={cachedAt?.(d.id)} />
                <DeviceTags family={family} device={d} />
              </td>
              <td>{lastSeenText(d, now)}</td>
              <td className="device-table-actions">
                <DeviceActions family={family} device={d} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
