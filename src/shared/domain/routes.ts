import { menuGroupTitles, menuTitles, readOnlyTitles, routeTitles, type RoutePath } from '../messages/routes'
import type { AuthorityCode } from './authorities'

/**
 * The route table (issue #9): every shell route of SPEC §2 once — the authority it needs, its menu icon and group,
 * and whether its screen is built. The server builds the menu from it, the console's router guards each route
 * with it and shows a placeholder for a route not built yet; titles are in src/shared/messages/routes.ts (`routeTitles`).
 */
export type MenuGroup = keyof typeof menuGroupTitles

export interface RouteEntry {
  readonly path: RoutePath
  /** null: any signed-in user. */
  readonly authority: AuthorityCode | null
  readonly icon: string
  /** The menu group it is listed under; none: the front end places it itself (SPEC §2: home, centre, blacklist). */
  readonly group?: MenuGroup
  /** A page reached from another screen, not from the navigation (menu type 1). */
  readonly hidden?: boolean
  /** Its screen exists. A route not built yet shows a titled placeholder and is left out of the menu. */
  readonly built: boolean
}

export const menuGroupIcons: Readonly<Record<MenuGroup, string>> = {
  ios: 'PhonebookOutline',
  huawei: 'PhoneFill',
  mi: 'PhoneFill',
  organization: 'TeamOutline',
  quota: 'PayCircleOutline',
  system: 'SetOutline',
}

/** In menu order; a group's pages stand together. */
export const routeTable: readonly RouteEntry[] = [
  { path: '/dashboard', authority: null, icon: 'HistogramOutline', built: true },
  { path: '/ios/device', authority: 'ios:device', icon: 'UnorderedListOutline', group: 'ios', built: true },
  { path: '/ios/detail', authority: 'ios:device', icon: 'FileOutline', group: 'ios', hidden: true, built: true },
  { path: '/ios/recycle', authority: 'ios:recycle', icon: 'DeleteOutline', group: 'ios', built: true },
  { path: '/ios/renew', authority: 'ios:renew', icon: 'ClockCircleOutline', group: 'ios', built: true },
  { path: '/ios/abm', authority: 'ios:abm', icon: 'LinkOutline', group: 'ios', built: true },
  { path: '/huawei/device', authority: 'huawei:device', icon: 'UnorderedListOutline', group: 'huawei', built: true },
  { path: '/huawei/detail', authority: 'huawei:device', icon: 'FileOutline', group: 'huawei', hidden: true, built: true },
  { path: '/huawei/recycle', authority: 'huawei:recycle', icon: 'DeleteOutline', group: 'huawei', built: true },
  { path: '/mi/device', authority: 'mi:device', icon: 'UnorderedListOutline', group: 'mi', built: true },
  { path: '/mi/recycle', authority: 'mi:recycle', icon: 'DeleteOutline', group: 'mi', built: true },
  { path: '/user/business', authority: 'company', icon: 'AppstoreOutline', group: 'organization', built: true },
  { path: '/user/staff', authority: 'staff', icon: 'UserOutline', group: 'organization', built: true },
  { path: '/sys', authority: 'role', icon: 'UserSetOutline', group: 'organization', built: true },
  { path: '/userRegister', authority: 'register:review', icon: 'UserAddOutline', group: 'organization', built: true },
  { path: '/account/ios', authority: 'quota:ios', icon: 'BillOutline', group: 'quota', built: true },
  { path: '/account/huawei', authority: 'quota:huawei', icon: 'BillOutline', group: 'quota', built: true },
  { path: '/announcement', authority: 'announcement', icon: 'SoundOutline', group: 'system', built: true },
  { path: '/announcement/create', authority: 'announcement:manage', icon: 'EditSOutline', group: 'system', hidden: true, built: true },
  { path: '/announcement/edit', authority: 'announcement:manage', icon: 'EditSOutline', group: 'system', hidden: true, built: true },
  { path: '/access', authority: 'access', icon: 'LockOutline', group: 'system', built: true },
  { path: '/certificate', authority: 'certificate', icon: 'CheckShieldOutline', group: 'system', built: true },
  { path: '/contract', authority: 'contract', icon: 'FileOutline', group: 'system', built: true },
  { path: '/audit', authority: 'audit', icon: 'ContentOutline', group: 'system', built: true },
  { path: '/center', authority: null, icon: 'UserCircleOutline', built: true },
  { path: '/blacklist', authority: null, icon: 'StopOutline', built: true },
]

export const routeOf: Readonly<Record<RoutePath, RouteEntry>> = Object.fromEntries(routeTable.map((r) => [r.path, r])) as Record<RoutePath, RouteEntry>

/** Whether a user holding these authorities may open the route (the router's authorization wrapper). */
export function mayOpen(route: RouteEntry, authorities: readonly string[]): boolean {
  return route.authority === null || authorities.includes(route.authority)
}

/** Menu item of SPEC §2. Types 0, 1 and 2 are routable (0 shown in navigation, 1 hidden page, 2 personal); -1 is a group. */
export interface MenuItem {
  title: string
  component: string
  icon: string
  type: -1 | 0 | 1 | 2
  children: MenuItem[]
}

/** The authority that makes a screen more than something to read (its readOnlyTitles entry applies without it). */
const manageAuthorities: Partial<Record<RoutePath, string>> = { '/announcement': 'announcement:manage' }

/** A route's title for a user holding these authorities: 公告 for one who may read announcements only (issue #43). */
export function routeTitleFor(path: RoutePath, has: (authority: string) => boolean): string {
  const manage = manageAuthorities[path]
  const readOnly = readOnlyTitles[path]
  return manage && readOnly && !has(manage) ? readOnly : routeTitles[path]
}

function toItem(route: RouteEntry, authorities: readonly string[]): MenuItem {
  const title = menuTitles[route.path] ?? routeTitleFor(route.path, (a) => authorities.includes(a))
  return { title, component: route.path, icon: route.icon, type: route.hidden ? 1 : 0, children: [] }
}

/**
 * GET /userCenter/menu — the navigation a user with these authorities sees: the grouped routes that are built and
 * allowed. A group with no visible page is left out.
 */
export function buildMenu(authorities: readonly string[]): MenuItem[] {
  const menu: MenuItem[] = []
  for (const route of routeTable) {
    if (!route.group || !route.built || !mayOpen(route, authorities)) continue
    let group = menu.find((m) => m.component === '' && m.title === menuGroupTitles[route.group!])
    if (!group) {
      group = { title: menuGroupTitles[route.group], component: '', icon: menuGroupIcons[route.group], type: -1, children: [] }
      menu.push(group)
    }
    group.children.push(toItem(route, authorities))
  }
  return menu.filter((g) => g.children.some((c) => c.type === 0))
}

/**
 * Where a signed-in user lands (SPEC §2: / lands on /dashboard): the dashboard once it is built, until then the
 * first built screen of the menu the user may open, else the personal centre (which everyone may open).
 */
export function landingPath(authorities: readonly string[]): RoutePath {
  const first = routeTable.find((r) => r.built && !r.hidden && mayOpen(r, authorities) && (r.group !== undefined || r.path === '/dashboard'))
  return first?.path ?? '/center'
}
