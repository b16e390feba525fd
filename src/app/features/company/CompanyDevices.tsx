import { useState } from 'react'
import { Tag } from 'antd-mobile'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChildrenDeviceQuery, CompanyRecord } from '../../../shared/contract/company'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, resetToFirstPage } from '../../../shared/domain/paging-rules'
import { deviceText, huaweiDeviceText } from '../../../shared/messages/devices'
import { organizationText } from '../../../shared/messages/organization'
import { DeviceSummaryCard } from '../../components/DeviceSummaryCard'
import { useCachedAt } from '../../components/use-online'
import { FormPopup } from '../../components/FormPopup'
import { PagedRecords } from '../../components/PagedRecords'
import { SearchPanel, type SearchField } from '../../components/SearchPanel'
import { param } from '../../components/search-params'
import { useNow } from '../../components/use-now'
import { deviceAreaAuthorities, type HuaweiTypePlatform } from '../../../shared/domain/device-areas'
import type { MovableDevice } from '../../components/DeviceMoveDialog'
import { MoveDeviceDialog } from '../../components/lazy-device-move'
import { DialogSlot } from '../../components/lazy-dialog'
import { OnlineButton } from '../../components/OnlineButton'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import { companyDevicesQuery, companyKeys, companySearchMax, deviceSerialFilter } from './queries'

const t = organizationText.company
const platforms = ['IOS', 'HUAWEI', 'MI'] as const
const platformFilter = param.oneOf(platforms)
/** The filters; `maxLength` is the server's limit. */
const searchFields: SearchField[] = [
  { name: 'serialNumber', label: deviceText.serialNumber, maxLength: companySearchMax.serialNumber },
  {
    name: 'platform',
    label: t.platform,
    options: [{ label: t.allPlatforms, value: '' }, ...platforms.map((p) => ({ label: t.platforms[p], value: p }))],
  },
]

function DeviceList({ company }: { company: CompanyRecord }) {
  const [query, setQuery] = useState<ChildrenDeviceQuery>({ companyId: company.id, current: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE })
  const list = useQuery(companyDevicesQuery(query))
  const now = useNow()
  // Offline, the cards say when the list was loaded, never a live status (issue #11).
  const cachedAt = useCachedAt(list)
  const queryClient = useQueryClient()
  const mover = useDisclosure<MovableDevice & { platform: HuaweiTypePlatform }>()
  const auth = useAuthorities()
  const canMove = (platform: HuaweiTypePlatform) => auth.has(deviceAreaAuthorities[platform].device)
  return (
    <div style={{ padding: 12 }}>
      <SearchPanel
        fields={searchFields}
        values={{ serialNumber: query.serialNumber, platform: query.platform }}
        onSearch={(f) => setQuery(resetToFirstPage({ ...query, serialNumber: deviceSerialFilter(f.serialNumber), platform: platformFilter(f.platform) }))}
      />
      <PagedRecords
        list={list}
        label={t.devicesTitle(company.name)}
        emptyText={t.noDevices}
        paging={query}
        onPage={(current, pageSize) => setQuery({ ...query, current, pageSize })}
      >
        {(d) => {
          // SPEC §2 "device transfer" from the business page; Apple devices move with the iOS area.
          const platform = d.platform === 'IOS' ? null : d.platform
          return (
            <DeviceSummaryCard
              key={d.id}
              device={d}
              now={now}
              cachedAt={cachedAt}
              tags={<Tag fill="outline">{t.platforms[d.platform]}</Tag>}
              actions={
                platform && canMove(platform) ? (
                  <OnlineButton size="small" onClick={() => mover.open({ ...d, platform, companyId: company.id })}>
                    {huaweiDeviceText.move}
                  </OnlineButton>
                ) : undefined
              }
            />
          )
        }}
      </PagedRecords>
      <DialogSlot of={mover}>
        {mover.value ? (
          <MoveDeviceDialog
            key={mover.value.id}
            platform={mover.value.platform}
            device={mover.value}
            visible={mover.visible}
            onClose={mover.close}
            onMoved={() => void queryClient.invalidateQueries({ queryKey: companyKeys.all })}
          />
        ) : null}
      </DialogSlot>
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
