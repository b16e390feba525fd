import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { QuotaType } from '../../../shared/contract/quota'
import { formatDate, formatThousands } from '../../../shared/domain/format'
import { deviceText } from '../../../shared/messages/devices'
import { organizationText } from '../../../shared/messages/organization'
import { routeTitles } from '../../../shared/messages/routes'
import { PageTitle } from '../../components/PageTitle'
import { RecordCard } from '../../components/RecordCard'
import { SearchPanel, type SearchField } from '../../components/SearchPanel'
import { useAuthorities } from '../../components/use-authorities'
import { useSearchState } from '../../components/use-search-state'
import { PagedRecords } from '../../components/PagedRecords'
import { quotaRecordKinds, quotaRecordsQuery, quotaSearch, quotaSearchMax } from './queries'

const t = organizationText.quota
const platformLabel = (platform: string) => (organizationText.company.platforms as Record<string, string>)[platform] ?? platform

/** The filters; `maxLength` is the server's limit (a longer filter in a link is cut by the URL parser). */
const searchFields: SearchField[] = [
  { name: 'serialNumber', label: deviceText.serialNumber, maxLength: quotaSearchMax.serialNumber },
  { name: 'kind', label: t.kind, options: [{ label: t.allKinds, value: '' }, ...quotaRecordKinds.map((k) => ({ label: t.kinds[k], value: k }))] },
]

/** /account/ios and /account/huawei: the quota account and its records (consumption, transfers, grants). */
function QuotaRecordScreen({ quotaType }: { quotaType: QuotaType }) {
  const [search, , applyFilters, setPage] = useSearchState(quotaSearch)
  const list = useQuery(quotaRecordsQuery({ ...search, quotaType }))
  const title = routeTitles[quotaType === 'IOS' ? '/account/ios' : '/account/huawei']
  const { info } = useAuthorities()
  // The administrator belongs to no company: there is no account of its own to sum up, only everyone's records.
  const ownCompany = info ? info.companyId !== null : false
  const account = ownCompany ? list.data?.account : undefined

  return (
    <section>
      <PageTitle title={title} />
      {account ? (
        <div className="summary-strip">
          <div className="summary-item">
            <div className="summary-value">{account.opened ? formatThousands(account.remainingQuantity) : '—'}</div>
            <div className="summary-label">{account.opened ? t.remaining : t.notOpened}</div>
          </div>
          <div className="summary-item">
            <div className="summary-value">{formatThousands(account.totalConsumedQuantity)}</div>
            <div className="summary-label">{t.consumed}</div>
          </div>
        </div>
      ) : null}
      {info && !ownCompany ? <p className="form-hint" style={{ padding: '0 0 12px' }}>{t.allCompaniesHint}</p> : null}
      <SearchPanel
        fields={searchFields}
        values={search}
        onSearch={applyFilters}
      />
      <PagedRecords list={list} label={title} emptyText={t.empty} paging={search} onPage={setPage}>
        {(r) => (
          <RecordCard
            key={r.id}
            title={
              <span className={r.quantity > 0 ? 'quantity-plus' : 'quantity-minus'}>
                {r.quantity > 0 ? `+${r.quantity}` : r.quantity}
              </span>
            }
            tags={<Tag fill="outline">{t.kinds[r.kind]}</Tag>}
            fields={[
              { label: t.remainingAfter, value: r.remainingAfter },
              ...(r.serialNumber
                ? [
                    {
                      label: deviceText.serialNumber,
                      // Mi devices count against the Huawei quota: say which kind each device is (issue #11).
                      value: r.devicePlatform ? `${r.serialNumber}（${platformLabel(r.devicePlatform)}）` : r.serialNumber,
                    },
                  ]
                : []),
              ...(r.counterpartCompanyName ? [{ label: t.counterpart, value: r.counterpartCompanyName }] : []),
              { label: t.company, value: r.companyName },
              ...(r.operatorName ? [{ label: t.operator, value: r.operatorName }] : []),
              { label: t.time, value: formatDate(r.createdAt, 'yyyy-MM-dd hh:mm:ss') },
            ]}
          />
        )}
      </PagedRecords>
    </section>
  )
}

export function IosQuotaScreen() {
  return <QuotaRecordScreen quotaType="IOS" />
}

export function HuaweiQuotaScreen() {
  return <QuotaRecordScreen quotaType="HUAWEI" />
}
