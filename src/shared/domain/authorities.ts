import { abmText } from '../messages/abm'
import { familyPageTitles, menuGroupTitles, routeTitles } from '../messages/routes'

/**
 * The authority tree: the single source of the server's permission checks, the roles' choices and the menu
 * (ARCHITECTURE: users, tenancy, permissions). An authority's id is its code.
 */
export interface AuthorityNode {
  id: string
  name: string
  children?: AuthorityNode[]
}

/** A node as written in the tree below; ids are kept literal so that `AuthorityCode` is derived from them. */
interface AuthorityNodeSpec {
  readonly id: string
  readonly name: string
  readonly children?: readonly AuthorityNodeSpec[]
}

type LeafIds<T> = T extends readonly (infer N)[] ? (N extends { id: string; children: infer C } ? LeafIds<C> : N extends { id: infer I } ? I : never) : never

const leaf = <const Id extends string>(id: Id, name: string) => ({ id, name })

/** A group of authorities is a group of the menu, and is named as the menu names it. */
const group = <const Children extends readonly AuthorityNodeSpec[]>(id: keyof typeof menuGroupTitles, children: Children) => ({
  id,
  name: menuGroupTitles[id],
  children,
})

/** The authorities of a device family's screens, each `<family>:<name>` (ios:device, huawei:recycle); only Apple has renewals. */
const familyAuthorityNames = {
  device: familyPageTitles.device,
  command: '设备指令',
  recycle: familyPageTitles.recycle,
  renew: routeTitles['/ios/renew'],
  // Issue #42: the company's Apple Business Manager link (token, sync, its devices).
  abm: abmText.title,
} as const

const family = <const Family extends 'ios' | 'huawei' | 'mi', const Authority extends keyof typeof familyAuthorityNames>(
  id: Family,
  authorities: readonly Authority[],
) => group(id, authorities.map((authority) => leaf(`${id}:${authority}` as `${Family}:${Authority}`, familyAuthorityNames[authority])))

const authorityTreeSpec = [
  leaf('dashboard', '首页看板'),
  family('ios', ['device', 'command', 'recycle', 'renew', 'abm']),
  family('huawei', ['device', 'command', 'recycle']),
  family('mi', ['device', 'recycle']),
  group('organization', [leaf('company', '下级公司'), leaf('staff', '员工管理'), leaf('role', '角色管理')]),
  group('quota', [leaf('quota:ios', '苹果额度'), leaf('quota:huawei', '华为额度')]),
  leaf('announcement', '公告查看'),
  leaf('announcement:manage', '公告管理'),
  leaf('access', '访问密钥'),
  leaf('certificate', '证书管理'),
  leaf('contract', '合同管理'),
  leaf('contract:manage', '合同编辑'),
  leaf('register:review', '注册审核'),
  leaf('audit', '操作日志'),
  leaf('blacklist', '黑名单管理'),
] as const satisfies readonly AuthorityNodeSpec[]

/** Every authority a route may require or a role may hold: a misspelt code fails `tsc` (issue #9). */
export type AuthorityCode = LeafIds<typeof authorityTreeSpec>

export const authorityTree = authorityTreeSpec as unknown as AuthorityNode[]

export type AuthorityUserType = 'COMPANY' | 'STAFF'

/** What a role of each type may hold. The administrator's own authorities are outside both trees. */
const assignable: Record<AuthorityUserType, ReadonlySet<string>> = {
  COMPANY: new Set<AuthorityCode>([
    'dashboard', 'ios:device', 'ios:command', 'ios:recycle', 'ios:renew', 'ios:abm', 'huawei:device', 'huawei:command',
    'huawei:recycle', 'mi:device', 'mi:recycle', 'company', 'staff', 'role', 'quota:ios', 'quota:huawei',
    'announcement', 'access', 'contract', 'audit',
  ]),
  STAFF: new Set<AuthorityCode>([
    'dashboard', 'ios:device', 'ios:command', 'ios:recycle', 'huawei:device', 'huawei:command', 'huawei:recycle',
    'mi:device', 'mi:recycle', 'staff', 'role', 'quota:ios', 'quota:huawei', 'announcement',
  ]),
}

/**
 * Only a top-level company may have child companies (two-level tree). The audit trail is read by the boss for the
 * whole tree (and by the administrator for all); child companies and staff do not read it.
 */
const bossOnly: ReadonlySet<string> = new Set<AuthorityCode>(['company', 'audit'])

export const adminAuthorities: readonly AuthorityCode[] = [
  'dashboard', 'company', 'quota:ios', 'quota:huawei', 'announcement', 'announcement:manage', 'contract',
  'register:review', 'audit',
  // The APNs push certificate is the whole platform's (issue #14): only the administrator manages it.
  'certificate',
  // The service agreement's text is the platform's (issue #15): only the administrator sets it.
  'contract:manage',
  // The blacklist is the platform's (issue #15): every user looks up, only the administrator keeps it.
  'blacklist',
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
