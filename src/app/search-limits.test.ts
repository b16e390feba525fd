import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ChildrenDeviceQuery, CompanySearchQuery } from '../shared/contract/company'
import { DeviceSearchQuery } from '../shared/contract/huawei-device'
import { ConsumedRecordQuery } from '../shared/contract/quota'
import { RegistrationSearchQuery } from '../shared/contract/registration'
import { RoleSearchQuery } from '../shared/contract/role'
import { StaffSearchQuery } from '../shared/contract/staff'
import { AuditSearchQuery } from '../shared/contract/audit'
import { auditSearch, auditSearchMax } from './features/audit/queries'
import { parseSearch, type SearchShape } from './components/search-params'
import { companySearch, companySearchMax, deviceSerialFilter } from './features/company/queries'
import { deviceListSearch, searchMaxLength } from './components/device/list-search'
import { quotaSearch, quotaSearchMax } from './features/quota/queries'
import { registrationSearch, registrationSearchMax } from './features/registration/queries'
import { roleSearch, roleSearchMax } from './features/role/queries'
import { staffSearch, staffSearchMax } from './features/staff/queries'

/**
 * Every list's text filters against the server contract they are sent to: the search fields stop at the contract's
 * limit, and a longer filter from a link is cut there, because one the server refuses fails the whole list.
 */
const lists: { name: string; contract: z.ZodType; max: Record<string, number>; shape: SearchShape; required?: Record<string, unknown> }[] = [
  { name: 'devices', contract: DeviceSearchQuery, max: searchMaxLength, shape: deviceListSearch },
  { name: 'companies', contract: CompanySearchQuery, max: { name: companySearchMax.name, username: companySearchMax.username }, shape: companySearch },
  {
    name: 'a company’s devices',
    contract: ChildrenDeviceQuery,
    max: { serialNumber: companySearchMax.serialNumber },
    shape: { serialNumber: deviceSerialFilter },
    required: { companyId: 1 },
  },
  { name: 'staff', contract: StaffSearchQuery, max: staffSearchMax, shape: staffSearch },
  { name: 'roles', contract: RoleSearchQuery, max: roleSearchMax, shape: roleSearch },
  { name: 'registrations', contract: RegistrationSearchQuery, max: registrationSearchMax, shape: registrationSearch },
  { name: 'quota records', contract: ConsumedRecordQuery, max: quotaSearchMax, shape: quotaSearch, required: { quotaType: 'IOS' } },
  { name: 'audit trail', contract: AuditSearchQuery, max: auditSearchMax, shape: auditSearch },
]

describe.each(lists)('$name search', ({ contract, max, shape, required }) => {
  it('stops each filter at the longest the server contract accepts', () => {
    for (const [field, limit] of Object.entries(max)) {
      expect(contract.safeParse({ ...required, [field]: '1'.repeat(limit) }).success, field).toBe(true)
      expect(contract.safeParse({ ...required, [field]: '1'.repeat(limit + 1) }).success, field).toBe(false)
    }
  })

  it('cuts an over-long filter from a link to what the server accepts instead of sending it to be refused', () => {
    const search = parseSearch(shape, Object.fromEntries(Object.keys(max).map((field) => [field, ` ${'1'.repeat(300)} `])))
    for (const [field, limit] of Object.entries(max)) expect(search[field], field).toBe('1'.repeat(limit))
    expect(contract.safeParse({ ...required, ...search }).success).toBe(true)
  })
})
