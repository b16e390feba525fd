import { and, count, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import { getContext } from 'hono/context-storage'
import type { AuditRecord, AuditSearchQuery, AuditSearchResponse } from '../../../shared/contract/audit'
import type { AuditAction } from '../../../shared/domain/audit'
import { parseDateString } from '../../../shared/domain/validators'
import { visibleCompanyIds } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { AppConfig } from '../../config'
import type { Db } from '../../db/client'
import { likePattern } from '../../db/like'
import { newestFirst, pageWindow } from '../../db/paging'
import { auditLog, companies, type AuditOutcome } from '../../db/schema'
import { clientIp } from '../../http/client-ip'
import { LimitRefused, limits, type RateLimiter } from '../../auth/rate-limit'

/** Who acted: a signed-in user, or what a sign-in attempt or a device names itself. */
export interface AuditActor {
  id: number | null
  username: string
  kind: string
  companyId: number | null
}

export interface AuditEntry {
  action: AuditAction
  targetKind?: string
  targetId?: string | number
  /** The company of what was acted on; stored only when it is not the actor's own. */
  targetCompanyId?: number | null
  /** A short description in Chinese. Never a password, token, secret or passcode. */
  summary?: string
  outcome?: AuditOutcome
  /** Why it was refused (the Chinese message the caller received). */
  reason?: string
  /** Defaults to the request's signed-in user. */
  actor?: AuditActor
}

/**
 * What the audit reads of a request's variables (context.ts's AppEnv): who is signed in, and whether the client's
 * address comes from the proxy. Named by shape here, since context.ts lists every service and so this one.
 */
interface AuditedRequest {
  Variables: { user?: CurrentUser; services?: { config: Pick<AppConfig, 'trustProxy'> } }
}

/** The current request, when there is one (a service called outside a request has none). */
function currentRequest(): Context<AuditedRequest> | undefined {
  try {
    return getContext<AuditedRequest>()
  } catch {
    return undefined
  }
}

function actorOf(user: CurrentUser): AuditActor {
  return { id: user.id, username: user.username, kind: user.kind, companyId: user.companyId }
}

const anonymous: AuditActor = { id: null, username: '', kind: 'ANONYMOUS', companyId: null }

/**
 * Appends one entry to the audit trail. The actor and client address come from the request itself (hono's
 * context storage), so services record in one line without threading them through every call.
 */
/**
 * A request refused before anyone is known (a device, a script; issue #41 item 12): recorded as REFUSED, within a budget
 * of 20 entries per action and client address each 15 minutes (limits.refusalAuditPerAddress), so that a flood of them
 * cannot fill the table. Past the budget, nothing is written until the window ends.
 */
export async function recordRefusal(db: Pick<Db, 'insert'>, limiter: RateLimiter, clientAddress: string, entry: Omit<AuditEntry, 'outcome' | 'actor'>): Promise<void> {
  try {
    await limiter.take(limits.refusalAuditPerAddress, `${entry.action}|${clientAddress}`)
  } catch (err) {
    if (err instanceof LimitRefused) return
    throw err
  }
  await recordAudit(db, { ...entry, outcome: 'REFUSED', actor: anonymous })
}

export async function recordAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  const request = currentRequest()
  const user = request?.var.user
  const actor = entry.actor ?? (user ? actorOf(user) : anonymous)
  const services = request?.var.services
  const address = request && services ? clientIp(request, services.config.trustProxy) : ''
  const targetCompanyId = entry.targetCompanyId ?? null
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    actorUsername: actor.username,
    actorKind: actor.kind,
    companyId: actor.companyId,
    targetCompanyId: targetCompanyId !== actor.companyId ? targetCompanyId : null,
    clientIp: address,
    action: entry.action,
    targetKind: entry.targetKind ?? '',
    targetId: entry.targetId === undefined ? '' : String(entry.targetId),
    summary: entry.summary ?? '',
    outcome: entry.outcome ?? 'SUCCESS',
    reason: entry.reason ?? '',
  })
}

/** China Standard Time: the console's calendar days (no daylight saving). */
const CHINA_OFFSET = '+08:00'

function dayStart(value: string, plusDays = 0): Date {
  const d = parseDateString(value)!
  const start = new Date(`${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}T00:00:00${CHINA_OFFSET}`)
  return new Date(start.getTime() + plusDays * 86_400_000)
}

const actorCompanies = alias(companies, 'actor_companies')
const targetCompanies = alias(companies, 'target_companies')

/** GET /audit/search: the administrator reads every entry, a boss the entries by or about its company tree. */
export class AuditService {
  constructor(
    private readonly db: Db,
  ) {}

  private async scope(user: CurrentUser): Promise<SQL | undefined> {
    const visible = await visibleCompanyIds(this.db, user)
    if (visible === null) return undefined
    if (visible.length === 0) return eq(auditLog.id, -1)
    return or(inArray(auditLog.companyId, visible), inArray(auditLog.targetCompanyId, visible))
  }

  async search(user: CurrentUser, q: AuditSearchQuery): Promise<AuditSearchResponse> {
    const where = and(
      await this.scope(user),
      q.action ? eq(auditLog.action, q.action) : undefined,
      q.actor ? ilike(auditLog.actorUsername, likePattern(q.actor)) : undefined,
      q.from ? gte(auditLog.at, dayStart(q.from)) : undefined,
      q.to ? lt(auditLog.at, dayStart(q.to, 1)) : undefined,
    )
    const [rows, [{ total }]] = await Promise.all([
      newestFirst(
        this.db
          .select({ entry: auditLog, companyName: actorCompanies.name, targetCompanyName: targetCompanies.name })
          .from(auditLog)
          .leftJoin(actorCompanies, eq(actorCompanies.id, auditLog.companyId))
          .leftJoin(targetCompanies, eq(targetCompanies.id, auditLog.targetCompanyId)),
        auditLog.id,
        where,
        pageWindow(q),
      ),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ])
    return {
      records: rows.map(({ entry, companyName, targetCompanyName }): AuditRecord => ({
        ...entry,
        at: entry.at.toISOString(),
        companyName,
        targetCompanyName,
      })),
      total,
    }
  }
}
