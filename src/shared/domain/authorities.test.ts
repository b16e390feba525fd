import { describe, expect, it } from 'vitest'
import { assignableAuthorities, authorityTreeFor, companyAuthorities, effectiveAuthorities } from './authorities'

describe('authorities', () => {
  it('gives a boss every company authority and a child company all but child-company management', () => {
    const boss = effectiveAuthorities('BOSS', null)
    expect(boss).toEqual(assignableAuthorities('COMPANY'))
    const child = effectiveAuthorities('COMPANY', null)
    expect(child).not.toContain('company')
    expect(child).toContain('staff')
  })

  it('limits a child company to its COMPANY role, and staff to their STAFF role', () => {
    expect(effectiveAuthorities('COMPANY', ['huawei:device', 'company'])).toEqual(['huawei:device'])
    const boss = companyAuthorities(true, null)
    expect(effectiveAuthorities('STAFF', ['huawei:device', 'access', 'company'], boss)).toEqual(['huawei:device'])
    expect(effectiveAuthorities('STAFF', null, boss)).toEqual([])
  })

  it('never gives staff more than their company holds', () => {
    const child = companyAuthorities(false, ['dashboard', 'huawei:device'])
    expect(child).toEqual(['dashboard', 'huawei:device'])
    expect(effectiveAuthorities('STAFF', ['huawei:device', 'huawei:command'], child)).toEqual(['huawei:device'])
    // A child company without a COMPANY role holds every company authority but child-company management.
    expect(effectiveAuthorities('STAFF', ['huawei:device', 'huawei:command'], companyAuthorities(false, null))).toEqual(['huawei:device', 'huawei:command'])
  })

  it('offers staff roles no company, access-key or registration authorities', () => {
    const staff = assignableAuthorities('STAFF')
    for (const a of ['company', 'access', 'register:review']) expect(staff).not.toContain(a)
    expect(authorityTreeFor('STAFF').every((n) => n.id !== 'organization' || n.children!.every((c) => c.id !== 'company'))).toBe(true)
  })
})
