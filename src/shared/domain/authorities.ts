import { menuGroupTitles, menuTitles, routeTitles, type RoutePath } from '../messages'

/**
 * The authority tree: the single source of the server's permission checks, the roles' choices and the menu
 * (ARCHITECTURE: users, tenancy, permissions). An authority's id is its code.
 */
export interface AuthorityNode {
  id: string
  name: string
  children?: AuthorityNode[]
}

export const authorityTree: AuthorityNode[] = [
  { id: 'dashboard', name: '首页看板' },
  {
    id: 'ios',
    name: '苹果设备',
    children: [
      { id: 'ios:device', name: '设备列表' },
      { id: 'ios:command', name: '设备指令' },
      { id: 'ios:recycle', name: '回收站' },
      { id: 'ios:renew', name: '续费管理' },
    ],
  },
  {
    id: 'huawei',
    name: '华为设备',
    children: [
      { id: 'huawei:device', name: '设备列表' },
      { id: 'huawei:command', name: '设备指令' },
      { id: 'huawei:recycle', name: '回收站' },
    ],
  },
  {
    id: 'mi',
    name: '小米设备',
    children: [
      { id: 'mi:device', name: '设备列表' },
      { id: 'mi:recycle', name: '回收站' },
    ],
  },
  {
    id: 'organization',
    name: '组织管理',
    children: [
      { id: 'company', name: '下级公司' },
      { id: 'staff', name: '员工管理' },
      { id: 'role', name: '角色管理' },
    ],
  },
  {
    id: 'quota',
    name: '额度管理',
    children: [
      { id: 'quota:ios', name: '苹果额度' },
      { id: 'quota:huawei', name: '华为额度' },
    ],
  },
  { id: 'announcement', name: '公告查看' },
  { id: 'announcement:manage', name: '公告管理' },
  { id: 'access', name: '访问密钥' },
  { id: 'certificate', name: '证书管理' },
  { id: 'contract', name: '合同管理' },
  { id: 'register:review', name: '注册审核' },
  { id: 'audit', name: '操作日志' },
]

export type AuthorityUserType = 'COMPANY' | 'STAFF'

/** What a role of each type may hold. The administrator's own authorities are outside both trees. */
const assignable: Record<AuthorityUserType, ReadonlySet<string>> = {
  COMPANY: new Set([
    'dashboard', 'ios:device', 'ios:command', 'ios:recycle', 'ios:renew', 'huawei:device', 'huawei:command',
    'huawei:recycle', 'mi:device', 'mi:recycle', 'company', 'staff', 'role', 'quota:ios', 'quota:huawei',
    'announcement', 'access', 'certificate', 'contract', 'audit',
  ]),
  STAFF: new Set([
    'dashboard', 'ios:device', 'ios:command', 'ios:recycle', 'huawei:device', 'huawei:command', 'huawei:recycle',
    'mi:device', 'mi:recycle', 'staff', 'role', 'quota:ios', 'quota:huawei', 'announcement',
  ]),
}

/**
 * Only a top-level company may have child companies (two-level tree). The audit trail is read by the boss for the
 * whole tree (and by the administrator for all); child companies and staff do not read it.
 */
const bossOnly: ReadonlySet<string> = new Set(['company', 'audit'])

export const adminAuthorities: readonly string[] = [
  'dashboard', 'company', 'quota:ios', 'quota:huawei', 'announcement', 'announcement:manage', 'contract',
  'register:review', 'audit',
]

function leafIds(nodes: AuthorityNode[]): string[] {
  return nodes.flatMap((n) => (n.children ? leafIds(n.children) : [n.id]))
}

function prune(nodes: AuthorityNode[], keep: (id: string) => boolean): AuthorityNode[] {
  return nodes.flatMap((n) => {
    if (!n.children) return keep(n.id) ? [n] : []
    const children = prune(n.children, keep)
    return children.length ? [{ ...n, children }] : []
  })
}

/** GET /authority/tree?authorityUserType= — the tree a role of that type chooses from. */
export function authorityTreeFor(type: AuthorityUserType): AuthorityNode[] {
  return prune(authorityTree, (id) => assignable[type].has(id))
}

export function assignableAuthorities(type: AuthorityUserType): string[] {
  return leafIds(authorityTreeFor(type))
}

export type UserKind = 'ADMIN' | 'BOSS' | 'COMPANY' | 'STAFF'

/**
 * A user's effective authorities: the administrator's fixed set; a boss holds every company authority;
 * a child company holds its COMPANY role's authorities (all company authorities but boss-only ones when it has no role);
 * staff hold what their STAFF role grants, and never more than their company holds (`companyHeld`, see
 * companyAuthorities): a child company narrowed by its COMPANY role narrows its staff too.
 */
export function effectiveAuthorities(kind: 'ADMIN' | 'BOSS' | 'COMPANY', roleAuthorities: readonly string[] | null): string[]
export function effectiveAuthorities(kind: UserKind, roleAuthorities: readonly string[] | null, companyHeld: readonly string[]): string[]
export function effectiveAuthorities(kind: UserKind, roleAuthorities: readonly string[] | null, companyHeld: readonly string[] = []): string[] {
  switch (kind) {
    case 'ADMIN':
      return [...adminAuthorities]
    case 'BOSS':
      return assignableAuthorities('COMPANY')
    case 'COMPANY': {
      const base = assignableAuthorities('COMPANY').filter((a) => !bossOnly.has(a))
      return roleAuthorities ? base.filter((a) => roleAuthorities.includes(a)) : base
    }
    case 'STAFF': {
      const allowed = assignable.STAFF
      return (roleAuthorities ?? []).filter((a) => allowed.has(a) && companyHeld.includes(a))
    }
  }
}

/**
 * What a company's own account holds, the ceiling of its staff: a top-level company (its boss) every company
 * authority, a child company its COMPANY role's.
 */
export function companyAuthorities(topLevel: boolean, companyRoleAuthorities: readonly string[] | null): string[] {
  return effectiveAuthorities(topLevel ? 'BOSS' : 'COMPANY', companyRoleAuthorities)
}

/** Menu item of SPEC §2. Types 0, 1 and 2 are routable (0 shown in navigation, 1 hidden page, 2 personal); -1 is a group. */
export interface MenuItem {
  title: string
  component: string
  icon: string
  type: -1 | 0 | 1 | 2
  children: MenuItem[]
}

interface MenuPage {
  path: RoutePath
  icon: string
  authority: string | null
  /** Pages reached from another screen, not from the navigation. */
  hidden?: boolean
}

interface MenuGroup {
  group: keyof typeof menuGroupTitles
  icon: string
  pages: MenuPage[]
}

const menuLayout: (MenuPage | MenuGroup)[] = [
  {
    group: 'ios',
    icon: 'PhonebookOutline',
    pages: [
      { path: '/ios/device', icon: 'UnorderedListOutline', authority: 'ios:device' },
      { path: '/ios/detail', icon: 'FileOutline', authority: 'ios:device', hidden: true },
      { path: '/ios/recycle', icon: 'DeleteOutline', authority: 'ios:recycle' },
      { path: '/ios/renew', icon: 'ClockCircleOutline', authority: 'ios:renew' },
    ],
  },
  {
    group: 'huawei',
    icon: 'PhoneFill',
    pages: [
      { path: '/huawei/device', icon: 'UnorderedListOutline', authority: 'huawei:device' },
      { path: '/huawei/detail', icon: 'FileOutline', authority: 'huawei:device', hidden: true },
      { path: '/huawei/recycle', icon: 'DeleteOutline', authority: 'huawei:recycle' },
    ],
  },
  {
    group: 'mi',
    icon: 'PhoneFill',
    pages: [
      { path: '/mi/device', icon: 'UnorderedListOutline', authority: 'mi:device' },
      { path: '/mi/recycle', icon: 'DeleteOutline', authority: 'mi:recycle' },
    ],
  },
  {
    group: 'organization',
    icon: 'TeamOutline',
    pages: [
      { path: '/user/business', icon: 'AppstoreOutline', authority: 'company' },
      { path: '/user/staff', icon: 'UserOutline', authority: 'staff' },
      { path: '/sys', icon: 'UserSetOutline', authority: 'role' },
      { path: '/userRegister', icon: 'UserAddOutline', authority: 'register:review' },
    ],
  },
  {
    group: 'quota',
    icon: 'PayCircleOutline',
    pages: [
      { path: '/account/ios', icon: 'BillOutline', authority: 'quota:ios' },
      { path: '/account/huawei', icon: 'BillOutline', authority: 'quota:huawei' },
    ],
  },
  {
    group: 'system',
    icon: 'SetOutline',
    pages: [
      { path: '/announcement', icon: 'SoundOutline', authority: 'announcement' },
      { path: '/announcement/create', icon: 'EditSOutline', authority: 'announcement:manage', hidden: true },
      { path: '/announcement/edit', icon: 'EditSOutline', authority: 'announcement:manage', hidden: true },
      { path: '/access', icon: 'LockOutline', authority: 'access' },
      { path: '/certificate', icon: 'FileOutline', authority: 'certificate' },
      { path: '/contract', icon: 'FileOutline', authority: 'contract' },
      { path: '/audit', icon: 'HistogramOutline', authority: 'audit' },
    ],
  },
]

/** Routes every signed-in user may open (the front end adds them to the menu itself, SPEC §2). */
const openRoutes: Partial<Record<RoutePath, null>> = { '/dashboard': null, '/center': null, '/blacklist': null }

/** The authority each shell route needs; null = any signed-in user. */
export const routeAuthority: Record<RoutePath, string | null> = Object.fromEntries([
  ...Object.entries(openRoutes),
  ...menuLayout.flatMap((entry) => ('group' in entry ? entry.pages : [entry])).map((p) => [p.path, p.authority]),
]) as Record<RoutePath, string | null>

function toItem(page: MenuPage): MenuItem {
  return { title: menuTitles[page.path] ?? routeTitles[page.path], component: page.path, icon: page.icon, type: page.hidden ? 1 : 0, children: [] }
}

/** GET /userCenter/menu — the navigation a user with these authorities sees. */
export function buildMenu(authorities: readonly string[]): MenuItem[] {
  const allowed = (p: MenuPage) => p.authority === null || authorities.includes(p.authority)
  return menuLayout.flatMap((entry): MenuItem[] => {
    if (!('group' in entry)) return allowed(entry) ? [toItem(entry)] : []
    const children = entry.pages.filter(allowed).map(toItem)
    if (!children.some((c) => c.type === 0)) return []
    return [{ title: menuGroupTitles[entry.group], component: '', icon: entry.icon, type: -1, children }]
  })
}
