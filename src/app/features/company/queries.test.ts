import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { cachedPage } from '../../components/cached-search'
import { companyKeys, searchCachedCompanies } from './queries'
import { makeCompany } from './make-company'

const page = (...records: ReturnType<typeof makeCompany>[]) => ({ records, total: records.length })

/** Issue #43 item 1: offline, the business page's search runs over the companies cached on the phone. */
describe('searchCachedCompanies', () => {
  const search = { current: 1, pageSize: 10 }

  it('finds the cached list pages’ companies by name and account as the server does, each once in its newest copy, newest first', () => {
    const client = new QueryClient()
    client.setQueryData(companyKeys.list(search), page(makeCompany({ id: 1, name: '演示租赁公司', username: 'demo' }), makeCompany({ id: 2, name: '华东分公司', username: 'East' })), { updatedAt: 1_000 })
    client.setQueryData(companyKeys.list({ ...search, name: '华东' }), page(makeCompany({ id: 2, name: '华东分公司（新）', username: 'East' })), { updatedAt: 2_000 })
    // A node's second level is not what the list's search answers (the roots of what the user sees).
    client.setQueryData(companyKeys.children(1), [makeCompany({ id: 3, name: '华东三部', username: 'east3' })], { updatedAt: 3_000 })

    const all = searchCachedCompanies(client, search)
    expect(all.map((c) => [c.record.id, c.record.name, c.cachedAt])).toEqual([
      [2, '华东分公司（新）', 2_000],
      [1, '演示租赁公司', 1_000],
    ])
    expect(searchCachedCompanies(client, { ...search, name: '华东' }).map((c) => c.record.id)).toEqual([2])
    // The account, case aside (ILIKE).
    expect(searchCachedCompanies(client, { ...search, username: 'east' }).map((c) => c.record.id)).toEqual([2])
    expect(searchCachedCompanies(client, { ...search, name: '租赁', username: 'east' })).toEqual([])
  })

  it('pages what it found and says when each shown record was cached', () => {
    const client = new QueryClient()
    const companies = Array.from({ length: 12 }, (_, i) => makeCompany({ id: i + 1, name: `公司${i + 1}` }))
    client.setQueryData(companyKeys.list({ current: 1, pageSize: 20 }), page(...companies), { updatedAt: 5_000 })
    const second = cachedPage(searchCachedCompanies(client, search), { current: 2, pageSize: 10 })
    expect(second.total).toBe(12)
    expect(second.records.map((c) => c.id)).toEqual([2, 1])
    expect(second.cachedAt.get(2)).toBe(5_000)
  })
})
