import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { companies, devices } from '../db/schema'
import type { CurrentUser } from './current-user'
import { organizationMessages } from '../../shared/messages/organization'
import { ApiError } from '../http/errors'

/**
 * The one scope function (ARCHITECTURE: tenancy): the companies whose data a user may see.
 * null means every company (platform administrator). Every tenant query filters by this, never by an id
 * taken from the request alone.
 */
export async function visibleCompanyIds(db: Db, user: CurrentUser): Promise<number[] | null> {
  if (user.kind === 'ADMIN') return null
  if (user.companyId === null) return []
  if (user.kind !== 'BOSS') return [user.companyId]
  const bossCompanyId = user.companyId
  let children = bossScopes.get(user)
  if (!children) {
    children = db.select({ id: companies.id }).from(companies).where(eq(companies.parentId, bossCompanyId)).then((rows) => rows.map((c) => c.id))
    bossScopes.set(user, children)
  }
  return [bossCompanyId, ...(await children)]
}

/**
 * A boss's child companies, read once per request: the signed-in user is a new object on every request (sessions,
 * open API), and is normally resolved with its child companies in the same statement (knowChildCompanies); several
 * services asking within one request share one answer, and the next request reads afresh.
 */
const bossScopes = new WeakMap<CurrentUser, Promise<number[]>>()

/** The child companies read with a boss's account (auth/sessions.ts), so the scope costs no query of its own. */
export function knowChildCompanies(user: CurrentUser, childIds: number[]): void {
  bossScopes.set(user, Promise.resolve(childIds))
}

/**
 * The devices a user may see, as a condition on `devices` (or on a table of device counts with the same two columns,
 * the dashboard's rollups): those of the visible companies; staff only the devices assigned to them (staffId).
 * undefined means every device (platform administrator).
 */
export async function visibleDeviceCondition(
  db: Db,
  user: CurrentUser,
  table: { companyId: PgColumn; staffId: PgColumn } = devices,
): Promise<SQL | undefined> {
  const { scopeCompanies, scopeStaff } = await visibleDeviceValues(db, user)
  return deviceScope(table, scopeCompanies, scopeStaff)
}

/** The condition of visibleDeviceCondition and visibleDeviceShape: of values, or of placeholders for them. */
function deviceScope(table: { companyId: PgColumn; staffId: PgColumn }, companies: readonly unknown[] | null, staff: unknown): SQL | undefined {
  if (companies === null) return undefined
  const ofCompanies = inArray(table.companyId, companies as unknown[])
  return staff === null ? ofCompanies : and(ofCompanies, eq(table.staffId, staff))
}

/**
 * visibleDeviceCondition on `devices` for a statement built once per shape (db/shaped.ts) that keeps the condition's text as it is
 * (the company list an IN list, which the planner weighs against the indexes as a list): what its text depends on
 * (how many companies, staff or not), the condition on placeholders, and their values.
 */
export function visibleDeviceShape({ scopeCompanies, scopeStaff }: Awaited<ReturnType<typeof visibleDeviceValues>>): {
  key: string
  condition: () => SQL | undefined
  values: Record<string, number>
} {
  const values: Record<string, number> = {}
  scopeCompanies?.forEach((id, i) => (values[`scope${i}`] = id))
  if (scopeStaff !== null) values.scopeStaff = scopeStaff
  return {
    key: `${scopeCompanies === null ? 'all' : scopeCompanies.length}${scopeStaff === null ? '' : 's'}`,
    condition: () =>
      deviceScope(
        devices,
        scopeCompanies && scopeCompanies.map((_, i) => sql.placeholder(`scope${i}`)),
        scopeStaff === null ? null : sql.placeholder('scopeStaff'),
      ),
    values,
  }
}

/**
 * visibleDeviceCondition for a statement built once and run for every request (issue #16: building a device query
 * cost ~0.5 ms of a detail's ~2 ms of server time): the same condition on placeholders, filled per request by
 * visibleDeviceValues. No companies (null) is every company (platform administrator), no staff (null) every assignee.
 */
export function visibleDevicePlaceholders(table: { companyId: PgColumn; staffId: PgColumn } = devices): SQL {
  const companies = sql.placeholder('scopeCompanies')
  const staff = sql.placeholder('scopeStaff')
  return sql`(${companies}::int[] is null or ${table.companyId} = any(${companies}::int[])) and (${staff}::int is null or ${table.staffId} = ${staff}::int)`
}

/**
 * The device scope of one user, the values of both conditions (visibleDeviceCondition, visibleDevicePlaceholders): the
 * visible companies (null: every company), and a staff member's own id (staff see only the devices assigned to them).
 */
export async function visibleDeviceValues(db: Db, user: CurrentUser): Promise<{ scopeCompanies: number[] | null; scopeStaff: number | null }> {
  return { scopeCompanies: await visibleCompanyIds(db, user), scopeStaff: user.kind === 'STAFF' ? user.id : null }
}

/**
 * A company the user may see, or the 404 a missing one gets (a company outside the scope reads exactly like a
 * missing one). `scope` when the caller already has it.
 */
export async function findVisibleCompany(db: Db, user: CurrentUser, id: number, scope?: number[] | null) {
  const visible = scope === undefined ? await visibleCompanyIds(db, user) : scope
  const [row] = visible === null || visible.includes(id) ? await db.select().from(companies).where(eq(companies.id, id)) : []
  if (!row) throw ApiError.notFound(organizationMessages.companyNotFound)
  return row
}

/**
 * The one company whose own settings a user works in (saved phrases …): a company account's own, a staff member's
 * employer's. A boss does not see a child company's here, and the administrator, who belongs to none, has none.
 */
export function ownCompanyId(user: CurrentUser): number | null {
  return user.kind === 'ADMIN' ? null : user.companyId
}
