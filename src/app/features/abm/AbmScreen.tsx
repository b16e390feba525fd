import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AbmDeviceRecord } from '../../../shared/contract/abm'
import { formatDate } from '../../../shared/domain/format'
import { abmText } from '../../../shared/messages/abm'
import { abmScreenText as t } from '../../../shared/messages/abm-screen'
import { deviceText } from '../../../shared/messages/devices'
import { ListScreen } from '../../components/ListScreen'
import { RecordCard } from '../../components/RecordCard'
import type { SearchField } from '../../components/SearchPanel'
import { useSearchState } from '../../components/use-search-state'
import { AbmLinkPanel } from './AbmLinkPanel'
import { abmDevicesQuery, abmSearch, abmSearchMax } from './queries'
import './abm.css'

const searchFields: SearchField[] = [{ name: 'serialNumber', label: deviceText.serialNumber, maxLength: abmSearchMax.serialNumber }]

/** Enrolled (激活), waiting for its first start (待激活), or gone from ABM (removed or disowned). */
function EnrollmentTag({ d }: { d: AbmDeviceRecord }) {
  if (d.removed) return <Tag color="default">{d.disownStatus ? `${t.disownStatus} ${d.disownStatus}` : t.removed}</Tag>
  return d.enrolled ? <Tag color="success">{t.enrolled}</Tag> : <Tag color="warning">{t.pending}</Tag>
}

/** One ABM device: serial, model and colour, Apple's profile status (and its words for a failure), dates. */
function AbmDeviceCard({ d }: { d: AbmDeviceRecord }) {
  const status = abmText.profileStatus[d.profileStatus] ?? d.profileStatus
  return (
    <RecordCard
      title={
        d.deviceId !== null ? (
          <Link className="abm-serial-link" to="/ios/device" search={{ serialNumber: d.serialNumber }}>
            {d.serialNumber}
          </Link>
        ) : (
          d.serialNumber
        )
      }
      tags={<EnrollmentTag d={d} />}
      fields={[
        { label: t.model, value: [d.description || d.model, d.os].filter(Boolean).join(' · ') || '—' },
        { label: t.color, value: d.color || '—' },
        { label: t.profileStatus, value: `${status}（${d.profileStatus}）` },
        ...(d.assignError ? [{ label: t.assignError, value: <span className="abm-error">{d.assignError}</span> }] : []),
        { label: t.assignedDate, value: d.deviceAssignedDate ? formatDate(d.deviceAssignedDate) : '—' },
        ...(d.deviceAssignedBy ? [{ label: t.assignedBy, value: d.deviceAssignedBy }] : []),
        ...(d.enrolledAt ? [{ label: t.enrolledAt, value: formatDate(d.enrolledAt, 'yyyy-MM-dd hh:mm') }] : []),
      ]}
    />
  )
}

/**
 * /ios/abm (issue #42, 苹果设备 menu group): the company's Apple Business Manager link and the devices ABM assigns to
 * it, paged (SPEC §2 paging), found by serial. Built for a phone: cards, not a table.
 */
export function AbmScreen() {
  const query = useSearchState(abmSearch)
  const list = useQuery(abmDevicesQuery(query[0]))
  return (
    <ListScreen path="/ios/abm" header={<AbmLinkPanel />} searchFields={searchFields} query={query} list={list} emptyText={t.empty}>
      {(d) => <AbmDeviceCard key={d.id} d={d} />}
    </ListScreen>
  )
}
