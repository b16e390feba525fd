import { alias } from 'drizzle-orm/pg-core'
import { and, eq, ilike } from 'drizzle-orm'
import type {
  ConsumedRecordQuery,
  ConsumedRecordResponse,
  QuotaInfo,
  QuotaType,
  UserAccountInfoResponse,
} from '../../../shared/contract/quota'
import { auditText } from '../../../shared/messages/audit'
import { organizationMessages as m } from '../../../shared/messages/organization'
import { findVisibleCompany, visibleCompanyIds } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import { requireAuthority, withinScope, type CompanyScope } from '../../auth/tenant'
import { iso } from '../../http/iso'
import type { Db } from '../../db/client'
import { companies, devices, quotaRecords, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { likePattern } from '../../db/like'
import type { QuotaService } from './service'
import { pagedNewestFirst } from '../../db/paging'
import { recordAudit } from '../audit/service'

export const quotaAuthority = (type: QuotaType) => (type === 'IOS' ? 'quota:ios' : 'quota:huawei')

/** The tenant-facing side of quota accounts: who may see and move which company's quota (routes of SPEC §7 Quota). */
export class QuotaAccountService {

  constructor(
    private readonly db: Db,
    private readonly quota: QuotaService,
  ) {}

  private scope(user: CurrentUser): Promise<CompanyScope> {
    return visibleCompanyIds(this.db, user)
  }

  private visibleCompany(user: CurrentUser, id: number, scope: CompanyScope) {
    return findVisibleCompany(this.db, user, id, scope)
  }

  /**
   * A company the user manages quota for: one of its child companies (boss), or any company but one's own
   * (administrator). The change always moves between the target and its parent.
   */
  private async managedCompany(user: CurrentUser, id: number) {
    const target = await this.visibleCompany(user, id, await this.scope(user))
    if (target.id === user.companyId) throw ApiError.badRequest(m.quotaOwnCompany)
    return target
  }

  /** POST /account/changeQuantity: moves quota between the target and its parent, never below zero on either side. */
  async changeQuantity(user: CurrentUser, req: { targetCompanyId: number; quantity: number; huawei: boolean }): Promise<QuotaInfo> {
    const target = await this.managedCompany(user, req.targetCompanyId)
    const quotaType: QuotaType = req.huawei ? 'HUAWEI' : 'IOS'
    // The Apple account opens with the company; Huawei must be opened explicitly (POST /account/create).
    if (quotaType === 'IOS') await this.quota.open(target.id, 'IOS')
    else if (!(await this.quota.info(target.id, 'HUAWEI')).opened) throw ApiError.badRequest(m.huaweiNotOpenedFor)
    await this.db.transaction((tx) =>
      this.quota.transfer(tx, {
        fromCompanyId: target.parentId,
        toCompanyId: target.id,
        quotaType,
        quantity: req.quantity,
        operatorUserId: user.id,
      }),
    )
    await recordAudit(this.db, { action: 'quota.change', targetKind: 'COMPANY', targetId: target.id, targetCompanyId: target.id, summary: auditText.quota(target.name, req.quantity, req.huawei) })
    return this.quota.info(target.id, quotaType)
  }

  /** POST /account/create: opens the Huawei service (its quota account) for a managed company. */
  async openHuawei(user: CurrentUser, companyId: number): Promise<QuotaInfo> {
    const target = await this.managedCompany(user, companyId)
    await this.quota.open(target.id, 'HUAWEI')
    await recordAudit(this.db, { action: 'quota.open', targetKind: 'COMPANY', targetId: target.id, targetCompanyId: target.id, summary: auditText.company(target.name) })
    return this.quota.info(target.id, 'HUAWEI')
  }

  /** The company a quota query is about: the one asked for (if visible), else the user's own. */
  private async subject(user: CurrentUser, companyId: number | undefined): Promise<number | null> {
    if (companyId === undefined) return user.companyId
    return (await this.visibleCompany(user, companyId, await this.scope(user))).id
  }

  async info(user: CurrentUser, quotaType: QuotaType, companyId?: number): Promise<QuotaInfo> {
    requireAuthority(user, quotaAuthority(quotaType))
    const subject = await this.subject(user, companyId)
    if (subject === null) return { quotaType, opened: false, remainingQuantity: 0, totalConsumedQuantity: 0 }
    return this.quota.info(subject, quotaType)
  }

  /** GET /userCenter/account/info: both accounts of the user's own company. */
  async own(user: CurrentUser): Promise<UserAccountInfoResponse> {
    const none = (quotaType: QuotaType): QuotaInfo => ({ quotaType, opened: false, remainingQuantity: 0, totalConsumedQuantity: 0 })
    const id = user.companyId
    if (id === null) return { ios: none('IOS'), huawei: none('HUAWEI') }
    const [ios, huawei] = await Promise.all([this.quota.info(id, 'IOS'), this.quota.info(id, 'HUAWEI')])
    return { ios, huawei }
  }

  /**
   * GET /account/consumedRecord/search: the records of one company (the user's own unless another visible one is
   * asked for); the administrator without a company filter sees every company's records.
   */
  async records(user: CurrentUser, q: ConsumedRecordQuery): Promise<ConsumedRecordResponse> {
    requireAuthority(user, quotaAuthority(q.quotaType))
    const scope = await this.scope(user)
    const subject = await this.subject(user, q.companyId)
    const counterpart = alias(companies, 'counterpart')
    const where = and(
      eq(quotaRecords.quotaType, q.quotaType),
      subject === null ? withinScope(quotaRecords.companyId, scope) : eq(quotaRecords.companyId, subject),
      q.kind ? eq(quotaRecords.kind, q.kind) : undefined,
      q.serialNumber ? ilike(quotaRecords.serialNumber, likePattern(q.serialNumber)) : undefined,
    )
    const query = this.db
      .select({ r: quotaRecords, companyName: companies.name, counterpartName: counterpart.name, operatorName: users.name, devicePlatform: devices.platform })
      .from(quotaRecords)
      .innerJoin(companies, eq(companies.id, quotaRecords.companyId))
      // Mi devices count against the Huawei quota: the record says which kind of device it was (issue #11).
      .leftJoin(devices, eq(devices.id, quotaRecords.deviceId))
      .leftJoin(counterpart, eq(counterpart.id, quotaRecords.counterpartCompanyId))
      .leftJoin(users, eq(users.id, quotaRecords.operatorUserId))
    const { records: rows, total } = await pagedNewestFirst(this.db, quotaRecords, where, q, query)
    const account =
      subject === null
        ? { quotaType: q.quotaType, opened: false, remainingQuantity: 0, totalConsumedQuantity: 0 }
        : await this.quota.info(subject, q.quotaType)
    return {
      total,
      account,
      records: rows.map(({ r, companyName, counterpartName, operatorName, devicePlatform }) => ({
        id: r.id,
        companyId: r.companyId,
        companyName,
        quotaType: r.quotaType,
        kind: r.kind,
        quantity: r.quantity,
        remainingAfter: r.remainingAfter,
        deviceId: r.deviceId,
        serialNumber: r.serialNumber,
        devicePlatform: devicePlatform ?? null,
        counterpartCompanyName: counterpartName,
        operatorName,
        remark: r.remark,
        createdAt: iso(r.createdAt),
      })),
    }
  }
}
