import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { quotaRecordKinds, type ConsumedRecordQuery, type ConsumedRecordResponse } from '../../../shared/contract/quota'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../../../shared/domain/paging'
import { api } from '../../api/http'

export const quotaSearchSchema = z.object({
  current: z.coerce.number().int().min(FIRST_PAGE).catch(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE),
  serialNumber: z.string().optional().catch(undefined),
  kind: z.enum(quotaRecordKinds).optional().catch(undefined),
})

export const quotaKeys = {
  all: ['quota'] as const,
  records: (q: ConsumedRecordQuery) => [...quotaKeys.all, 'records', q] as const,
}

export const quotaRecordsQuery = (q: ConsumedRecordQuery) =>
  queryOptions({
    queryKey: quotaKeys.records(q),
    queryFn: () => api.get<ConsumedRecordResponse>('/account/consumedRecord/search', { ...q }),
    placeholderData: keepPreviousData,
  })
