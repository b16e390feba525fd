import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { companies, quotaAccounts, quotaRecords, type Platform, type QuotaType } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { quotaMessages } from '../../../shared/messages/organization'
import { MAX_QUOTA_BALANCE } from '../../../shared/contract/quota'

/** A transaction or the database itself: quota changes join the caller's transaction. */
type Tx = Pick<Db, 'select' | 'insert' | 'update'>

/** Mi devices are Huawei-type: they share the agent protocol and the Huawei quota. */
export function quotaTypeOf(platform: Platform): QuotaType {
  return platform === 'IOS' ? 'IOS' : 'HUAWEI'
}

export interface QuotaAccountInfo {
  quotaType: QuotaType
  opened: boolean
  remainingQuantity: number
  totalConsumedQuantity: number
}

/**
 * Quota accounts (SPEC §3 "Quota account"). Every change writes a record in the same transaction, and the
 * account row is locked while it changes, so concurrent consumptions never overdraw it.
 */
export class QuotaService {
  constructor(private readonly db: Db) {}

  async info(companyId: number, quotaType: QuotaType, tx: Tx = this.db): Promise<QuotaAccountInfo> {
    const [acc] = await tx
      .select()
      .from(quotaAccounts)
      .where(and(eq(quotaAccounts.companyId, companyId), eq(quotaAccounts.quotaType, quotaType)))
    return {
      quotaType,
      opened: !!acc,
      remainingQuantity: acc?.remainingQuantity ?? 0,
      totalConsumedQuantity: acc?.totalConsumedQuantity ?? 0,
    }
  }

  /** POST /account/create: opens the account of a type (Huawei service) for a company; idempotent. */
  async open(companyId: number, quotaType: QuotaType, tx: Tx = this.db): Promise<void> {
    await tx.insert(quotaAccounts).values({ companyId, quotaType }).onConflictDoNothing()
  }

  /** Locks and returns the account row, or fails with the "not opened" message. */
  private async lock(tx: Tx, companyId: number, quotaType: QuotaType) {
    const [acc] = await tx
      .select()
      .from(quotaAccounts)
      .where(and(eq(quotaAccounts.companyId, companyId), eq(quotaAccounts.quotaType, quotaType)))
      .for('update')
    if (!acc) throw ApiError.badRequest(quotaMessages.notOpened(quotaType))
    return acc
  }

  private async apply(
    tx: Tx,
    acc: { id: number; companyId: number; quotaType: QuotaType; remainingQuantity: number },
    change: number,
    record: Omit<typeof quotaRecords.$inferInsert, 'companyId' | 'quotaType' | 'quantity' | 'remainingAfter'>,
    consumed = 0,
    /** What to say when the account would go below zero, given what it holds. */
    shortage: (remaining: number) => string = (remaining) => quotaMessages.transferShort(acc.quotaType, remaining),
  ) {
    const remainingAfter = acc.remainingQuantity + change
    if (remainingAfter < 0) throw ApiError.badRequest(shortage(acc.remainingQuantity))
    if (remainingAfter > MAX_QUOTA_BALANCE) {
      throw ApiError.badRequest(quotaMessages.balanceTooLarge(acc.quotaType, MAX_QUOTA_BALANCE, acc.remainingQuantity))
    }
    await tx
      .update(quotaAccounts)
      .set({
        remainingQuantity: remainingAfter,
        totalConsumedQuantity: sql`${quotaAccounts.totalConsumedQuantity} + ${consumed}`,
      })
      .where(eq(quotaAccounts.id, acc.id))
    await tx.insert(quotaRecords).values({ ...record, companyId: acc.companyId, quotaType: acc.quotaType, quantity: change, remainingAfter })
  }

  /**
   * Consumes one unit for a new device, or `units` for a renewal's years (with its remark). Must run inside the
   * transaction that stores the device or starts the renewal, so that a refusal stores nothing.
   */
  async consume(
    tx: Tx,
    input: { companyId: number; quotaType: QuotaType; deviceId: number; serialNumber: string; operatorUserId: number | null; units?: number; remark?: string },
  ): Promise<void> {
    const units = input.units ?? 1
    const acc = await this.lock(tx, input.companyId, input.quotaType)
    const record = { kind: 'CONSUME' as const, deviceId: input.deviceId, serialNumber: input.serialNumber, operatorUserId: input.operatorUserId, remark: input.remark ?? '' }
    const topLevel = (await this.parentOf(input.companyId, tx)) === null
    await this.apply(tx, acc, -units, record, units, (remaining) => quotaMessages.insufficient(input.quotaType, remaining, topLevel))
  }

  /**
   * POST /account/changeQuantity: a boss moves quota to (positive) or back from (negative) a child company;
   * the platform administrator grants quota to a top-level company. Neither side goes below zero.
   */
  async transfer(
    tx: Tx,
    input: { fromCompanyId: number | null; toCompanyId: number; quotaType: QuotaType; quantity: number; operatorUserId: number },
  ): Promise<void> {
    if (!Number.isInteger(input.quantity) || input.quantity === 0) throw ApiError.badRequest(quotaMessages.badQuantity)
    const target = await this.lock(tx, input.toCompanyId, input.quotaType)
    const takeBackShort = (remaining: number) => quotaMessages.takeBackShort(input.quotaType, remaining)
    if (input.fromCompanyId === null) {
      await this.apply(tx, target, input.quantity, { kind: input.quantity > 0 ? 'GRANT' : 'REFUND', operatorUserId: input.operatorUserId }, 0, takeBackShort)
      return
    }
    await this.open(input.fromCompanyId, input.quotaType, tx)
    const source = await this.lock(tx, input.fromCompanyId, input.quotaType)
    const common = { operatorUserId: input.operatorUserId }
    await this.apply(tx, source, -input.quantity, { ...common, kind: input.quantity > 0 ? 'TRANSFER_OUT' : 'TRANSFER_IN', counterpartCompanyId: target.companyId })
    await this.apply(tx, target, input.quantity, { ...common, kind: input.quantity > 0 ? 'TRANSFER_IN' : 'TRANSFER_OUT', counterpartCompanyId: source.companyId }, 0, takeBackShort)
  }

  /** The parent of a company (null for a top-level company) — who a quota transfer comes from. */
  async parentOf(companyId: number, tx: Tx = this.db): Promise<number | null> {
    const [c] = await tx.select({ parentId: companies.parentId }).from(companies).where(eq(companies.id, companyId))
    return c?.parentId ?? null
  }
}
