import type { DeviceSortKey, SortOrder } from '../../../shared/domain/device-list-order'
import { deviceText, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { tableText } from '../../../shared/messages/shell'
import { lastContactText, modelName, ownerOf } from '../DeviceSummaryCard'
import { DeviceStateTag } from '../StatusTag'
import { DeviceActions, DeviceOpenLink, DeviceSelect, DeviceTags, type DeviceCardActions } from './DeviceCard'
import type { DeviceFamily, FamilyDevice } from './family'

/** The list's sort as its URL holds it: none is the server's default, newest first. */
export type DeviceTableSort = { sortBy?: DeviceSortKey; sortOrder?: SortOrder }

/** A heading's next sort: ascending, then descending, then the list's own order again. */
const nextSort = (sort: DeviceTableSort, key: DeviceSortKey): DeviceTableSort =>
  sort.sortBy !== key ? { sortBy: key, sortOrder: 'asc' } : sort.sortOrder !== 'desc' ? { sortBy: key, sortOrder: 'desc' } : {}

interface DeviceTableProps<Name extends string, D extends FamilyDevice> {
  family: DeviceFamily<Name, D>
  records: readonly D[]
  now: number
  cachedAt?: (id: number) => number | undefined
  /** The whole list's order (issue #43 item 7: sorted by the server, or offline over the cached records, never the page alone). */
  sort: DeviceTableSort
  onSort: (sort: DeviceTableSort) => void
  selected: ReadonlySet<number>
  onSelect: (id: number, checked: boolean) => void
  actions: DeviceCardActions<Name, D>
}

/** Lines of a cell's second line (.device-table-sub), each on its own; empty ones left out. */
const lines = (...texts: string[]) =>
  texts.filter(Boolean).map((text, i) => (
    <span key={i} className="device-table-part">
      {text}
    </span>
  ))

/**
 * A device list from tablet width up (issue #43 item 7): one row per device with the card's facts, its tags and its
 * actions (the same commands, edit, transfer, 淘汰), selection, and the sortable columns' headings (serial, renter,
 * last contact), whose tap sorts the whole list (`onSort` asks the server for it, from page 1).
 *
 * Five columns, so that an iPad held upright (820 px, ~520 px beside the side column) shows every one without
 * scrolling sideways: the model and the owner under the serial, the renter's phone under the name, the last contact
 * under the state — in the card's words (DeviceSummaryCard), offline as of when the record was cached.
 */
export function DeviceTable<Name extends string, D extends FamilyDevice>({ family, records, now, cachedAt, sort, onSort, selected, onSelect, actions }: DeviceTableProps<Name, D>) {
  const heading = (key: DeviceSortKey, label: string) => {
    const active = sort.sortBy === key
    const descending = sort.sortOrder === 'desc'
    return (
      <th key={key} scope="col" aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="device-table-sort" onClick={() => onSort(nextSort(sort, key))}>
          {label}
          <span aria-hidden="true">{active ? (descending ? ' ▼' : ' ▲') : ' ↕'}</span>
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
            {heading('serialNumber', t.serialNumber)}
            {heading('renterName', deviceText.renterName)}
            {heading('lastCommunicationTime', tableText.stateAndLastContact)}
            <th scope="col">{tableText.actions}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((d) => (
            <tr key={d.id} className="device-card device-row" data-serial={d.serialNumber}>
              <td className="device-table-select">
                <DeviceSelect serialNumber={d.serialNumber} checked={selected.has(d.id)} onChange={(checked) => onSelect(d.id, checked)} />
              </td>
              <th scope="row">
                <DeviceOpenLink device={d} onOpen={actions.onOpen} />
                <span className="device-table-sub">{lines(modelName(d), ownerOf(d).value)}</span>
              </th>
              <td>
                {d.renterName || '—'}
                {d.renterPhone ? <span className="device-table-sub">{d.renterPhone}</span> : null}
              </td>
              <td className="device-table-tags">
                <DeviceStateTag device={d} now={now} cachedAt={cachedAt?.(d.id)} />
                <DeviceTags family={family} device={d} />
                <span className="device-table-sub" data-testid="last-contact">
                  {lastContactText(d, now, cachedAt?.(d.id))}
                </span>
              </td>
              <td>
                {/* A flex box inside the cell: a flex cell would no longer be a table cell (its row's border broke). */}
                <div className="device-table-actions">
                  <DeviceActions family={family} device={d} actions={actions} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
