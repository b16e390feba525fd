import type { ConsumedRecordQuery, QuotaRecordItem } from '../../../shared/contract/quota'
import { organizationText } from '../../../shared/messages/organization'
import { pagedQuery } from '../../api/queries'
import { pagingSearch, param } from '../../components/search-params'
import { api } from '../../api/routes'

/** The kinds of quota record, in the order the filter offers them (the keys of their Chinese names). */
export const quotaRecordKinds = Object.keys(organizationText.quota.kinds) as QuotaRecordItem['kind'][]

/** The longest filter ConsumedRecordQuery accepts; the screen's search field carries it as maxLength. */
export const quotaSearchMax = { serialNumber: 64 } as const


export const quotaSearch = { ...pagingSearch, serialNumber: param.textOfAtMost(quotaSearchMax.serialNumber), kind: param.oneOf(quotaRecordKinds) }

export const quotaKeys = {
  all: ['quota'] as const,
  records: (q: ConsumedRecordQuery) => [...quotaKeys.all, 'records', q] as const,
}

export const quotaRecordsQuery = (q: ConsumedRecordQuery) =>
  pagedQuery(quotaKeys.records(q), api.quota.records, q)
