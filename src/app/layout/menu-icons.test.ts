import { describe, expect, it } from 'vitest'
import { menuGroupIcons, routeTable } from '../../shared/domain/routes'
import { hasMenuIcon } from './menu-icons'

describe('menu icons', () => {
  it('draws every icon the route table and its groups name (an unknown name would fall back without a word)', () => {
    const named = [...routeTable.map((r) => r.icon), ...Object.values(menuGroupIcons)]
    expect(named.filter((name) => !hasMenuIcon(name))).toEqual([])
    expect(hasMenuIcon('NoSuchOutline')).toBe(false)
  })

  it('gives the landing page an icon no other menu page uses (首页 and 操作日志 shared one)', () => {
    const home = routeTable.find((r) => r.path === '/dashboard')!
    expect(routeTable.filter((r) => !r.hidden && r.icon === home.icon).map((r) => r.path)).toEqual(['/dashboard'])
  })
})
