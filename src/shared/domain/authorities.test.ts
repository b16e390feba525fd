import { describe, expect, it } from 'vitest'
import { routeTitles, type RoutePath } from '../messages'
import { assignableAuthorities, authorityTreeFor, buildMenu, companyAuthorities, effectiveAuthorities, routeAuthority } from './authorities'

const pages = (menu: ReturnType<typeof buildMenu>) => menu.flatMap((m) => (m.type === -1 ? m.children : [m])).map((m) => m.component)

describe('authorities', () => {
  it('declares the authority of every route of SPEC §2', () => {
    for (const path of Object.keys(routeTitles) as RoutePath[]) expect(routeAuthority).toHaveProperty([path])
    expect(routeAuthority['/dashboard']).toBeNull()
    expect(routeAuthority['/center']).toBeNull()
    expect(routeAuthority['/sys']).toBe('role')
  })

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

  it('builds the menu from the same authorities: groups only when a visible page remains', () => {
    const menu = buildMenu(['huawei:device'])
    expect(menu).toHaveLength(1)
    expect(menu[0]).toMatchObject({ title: '华为设备', type: -1, component: '' })
    expect(pages(menu)).toEqual(['/huawei/device', '/huawei/detail'])
    expect(menu[0].children.find((c) => c.component === '/huawei/detail')?.type).toBe(1)
    // A group whose only page is hidden is left out.
    expect(buildMenu(['announcement:manage']).map((m) => m.title)).toEqual([])
  })
})
