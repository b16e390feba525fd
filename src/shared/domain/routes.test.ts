import { describe, expect, it } from 'vitest'
import { routeTitles, type RoutePath } from '../messages/routes'
import { buildMenu, landingPath, routeOf, routeTable, routeTitleFor } from './routes'

const pages = (menu: ReturnType<typeof buildMenu>) => menu.flatMap((m) => (m.type === -1 ? m.children : [m])).map((m) => m.component)

describe('the route table', () => {
  it('holds every route of SPEC §2 once, with its authority', () => {
    expect(routeTable.map((r) => r.path).sort()).toEqual((Object.keys(routeTitles) as RoutePath[]).sort())
    expect(routeOf['/dashboard'].authority).toBeNull()
    expect(routeOf['/center'].authority).toBeNull()
    expect(routeOf['/sys'].authority).toBe('role')
  })

  it('builds the menu from the same authorities: groups only when a visible page remains', () => {
    const menu = buildMenu(['huawei:device'])
    expect(menu).toHaveLength(1)
    expect(menu[0]).toMatchObject({ title: '华为设备', type: -1, component: '', icon: 'PhoneFill' })
    expect(pages(menu)).toEqual(['/huawei/device', '/huawei/detail'])
    expect(menu[0].children.find((c) => c.component === '/huawei/detail')?.type).toBe(1)
    // A group whose only page is hidden is left out.
    expect(buildMenu(['announcement:manage']).map((m) => m.title)).toEqual([])
  })

  it('puts every screen of SPEC §2 in the menu of a user who holds every authority: all are built now', () => {
    expect(routeTable.filter((r) => !r.built).map((r) => r.path)).toEqual([])
    const everything = buildMenu(routeTable.flatMap((r) => (r.authority ? [r.authority] : [])))
    expect(pages(everything).sort()).toEqual(routeTable.filter((r) => r.group).map((r) => r.path).sort())
  })

  it('lands a user on the first built screen they may open, the personal centre when there is none', () => {
    const expectedFirst = routeTable.find((r) => r.built && !r.hidden && (r.path === '/dashboard' || r.group))!
    expect(landingPath(routeTable.flatMap((r) => (r.authority ? [r.authority] : [])))).toBe(expectedFirst.path)
    expect(landingPath(['quota:huawei'])).toBe(routeOf['/dashboard'].built ? '/dashboard' : '/account/huawei')
    expect(landingPath([])).toBe(routeOf['/dashboard'].built ? '/dashboard' : '/center')
  })
})

describe('a screen the user may only read (issue #43)', () => {
  const titleOf = (authorities: string[]) =>
    buildMenu(authorities)
      .flatMap((m) => m.children)
      .find((m) => m.component === '/announcement')?.title
  it('is 公告 for a reader, 公告管理 for one who manages announcements', () => {
    expect(titleOf(['announcement'])).toBe('公告')
    expect(titleOf(['announcement', 'announcement:manage'])).toBe('公告管理')
    expect(routeTitleFor('/announcement', () => false)).toBe('公告')
    expect(routeTitleFor('/announcement', () => true)).toBe('公告管理')
    expect(routeTitleFor('/dashboard', () => false)).toBe('首页')
  })
})
