import type { CompanyRecord } from '../../../shared/contract/company'

/** A company record as GET /company/search answers it, for the company screen's tests. */
export function makeCompany(overrides: Partial<CompanyRecord> = {}): CompanyRecord {
  return {
    id: 7,
    name: '华东分公司',
    available: true,
    parentId: 1,
    childrenCount: 0,
    bossUserId: 70,
    bossName: '张三',
    username: 'east',
    phoneNumber: '13800000007',
    roleId: null,
    roleName: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    quota: {
      ios: { opened: true, remainingQuantity: 10, totalConsumedQuantity: 0 },
      huawei: { opened: true, remainingQuantity: 5, totalConsumedQuantity: 0 },
    },
    ...overrides,
  }
}
