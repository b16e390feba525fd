import { useState } from 'react'
import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { ChildrenDeviceQuery, CompanyRecord } from '../../../shared/contract/company'
import { formatDate } from '../../../shared/domain/format'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/domain/paging'
import { organizationText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { Pagination } from '../../components/Pagination'
import { QueryStatus } from '../../components/QueryStatus'
import { RecordCard, RecordList } from '../../components/RecordCard'
import { SearchPanel } from '../../components/SearchPanel'
import { StatusTag } from '../../components/StatusTag'
import { companyDevicesQuery } from './queries'

const t = organizationText.company

function DeviceList({ company }: { company: CompanyRecord }) {
  const [query, setQuery] = useState<ChildrenDeviceQuery>({ companyId: company.id, current: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE })
  const list = useQuery(companyDevicesQuery(query))
  const records = list.data?.records ?? []
  return (
    <div style={{ padding: 12 }}>
      <SearchPanel
        fields={[
          { name: 'serialNumber', label: t.serialNumber },
          {
            name: 'platform',
            label: t.platform,
            options: [
              { label: t.allPlatforms, value: '' },
              { label: t.platforms.IOS, value: 'IOS' },
              { label: t.platforms.HUAWEI, value: 'HUAWEI' },
              { label: t.platforms.MI, value: 'MI' },
            ],
          },
        ]}
        values={{ serialNumber: query.serialNumber, platform: query.platform }}
        onSearch={(f) => setQuery({ ...query, serialNumber: f.serialNumber, platform: f.platform as ChildrenDeviceQuery['platform'], current: FIRST_PAGE })}
      />
      <QueryStatus isPending={list.isPending} isError={list.isError && !list.data} isEmpty={records.length === 0} onRetry={() => void list.refetch()} emptyText={t.noDevices} />
      <RecordList label={t.devicesTitle(company.name)}>
        {records.map((d) => (
          <RecordCard
            key={d.id}
            title={d.serialNumber}
            tags={
              <>
                <Tag fill="outline">{t.platforms[d.platform]}</Tag>
                <StatusTag lastCommunicationTime={d.lastCommunicationTime} />
              </>
            }
            fields={[
              { label: t.deviceModel, value: d.model || d.name || '—' },
              { label: t.staff, value: d.staffName ?? t.unassigned },
              { label: t.renter, value: d.renterName || '—' },
              { label: t.lastSeen, value: d.lastCommunicationTime ? formatDate(d.lastCommunicationTime, 'yyyy-MM-dd hh:mm') : t.never },
            ]}
          />
        ))}
      </RecordList>
      {list.data && list.data.total > 0 ? (
        <Pagination current={query.current} pageSize={query.pageSize} total={list.data.total} onChange={(current, pageSize) => setQuery({ ...query, current, pageSize })} />
      ) : null}
    </div>
  )
}

/** SPEC §2 "per-company device list" (GET /company/searchChildrenDevice). */
export function CompanyDevices({ visible, company, onClose }: { visible: boolean; company: CompanyRecord | null; onClose: () => void }) {
  return (
    <FormPopup visible={visible} title={company ? t.devicesTitle(company.name) : ''} onClose={onClose}>
      {company && visible ? <DeviceList key={company.id} company={company} /> : null}
    </FormPopup>
  )
}
