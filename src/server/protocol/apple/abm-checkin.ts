import type { X509Certificate } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { appleDepText } from '../../../shared/messages/apple-dep'
import { appleMdmText } from '../../../shared/messages/apple'
import type { Db } from '../../db/client'
import { abmDevices } from '../../db/schema-abm'
import { devices, quotaRecords, tasks } from '../../db/schema'
import { ApiError } from '../../http/errors'
import type { TaskService } from '../../modules/task/service'

/**
 * Issue #42, automated enrollment at check-in: what Authenticate, TokenUpdate and the DeviceConfigured answer do for a
 * phone in the company's Apple Business Manager (abm_devices). The identity of a profile answered at the enrollment
 * URL names the serial it was issued for (its common name, DEP_IDENTITY_PREFIX + serial: issued by our CA, so not
 * forged), which binds it to that one phone.
 */
export const DEP_IDENTITY_PREFIX = 'MDM DEP '

/** The task that tells a phone in Setup Assistant to go on (Apple's DeviceConfigured). */
export const DEVICE_CONFIGURED_TASK = 'deviceConfigured'

type Tx = Pick<Db, 'select' | 'update' | 'insert'>
type AbmRow = typeof abmDevices.$inferSelect

/** The serial an identity was issued for at the enrollment URL, or null for a profile downloaded in the console. */
export function depSerialOf(cert: X509Certificate): string | null {
  const cn = /^CN=(.*)$/m.exec(cert.subject)?.[1]
  return cn?.startsWith(DEP_IDENTITY_PREFIX) ? cn.slice(DEP_IDENTITY_PREFIX.length) : null
}

export interface AbmAtAuthenticate {
  row: AbmRow
  /** Enrolled with the profile of the enrollment URL (supervised, awaiting configuration), not one downloaded by hand. */
  automated: boolean
}

/**
 * The company's ABM row of the serial an Authenticate names, locked. With an identity of the enrollment URL the serial
 * must be the one it was issued for (401) and still the company's in ABM (403: removed or released since).
 */
export async function abmAtAuthenticate(tx: Tx, companyId: number, serialNumber: string, depSerial: string | null): Promise<AbmAtAuthenticate | null> {
  if (depSerial !== null && depSerial.toUpperCase() !== serialNumber.toUpperCase()) throw ApiError.unauthorized(appleMdmText.identityInvalid)
  const [row] = await tx
    .select()
    .from(abmDevices)
    .where(and(eq(abmDevices.companyId, companyId), eq(abmDevices.serialNumber, serialNumber)))
    .for('update')
  const live = row && !row.removedAt && !row.disownedAt
  if (depSerial !== null && !live) throw ApiError.forbidden(appleDepText.serialNotOwned)
  return row ? { row, automated: depSerial !== null } : null
}

/**
 * Whether this enrollment consumes a unit of iOS quota: a new device record does (as before); so does the record the
 * ABM sync made for the serial (待激活), which consumed nothing then, the first time the phone enrolls. A record the
 * company added or registered itself consumed its unit then (its CONSUME record), and the sync kept it as it was.
 */
export async function consumesQuota(tx: Tx, companyId: number, existingId: number | undefined, abm: AbmAtAuthenticate | null): Promise<boolean> {
  if (existingId === undefined) return true
  if (!abm || abm.row.deviceId !== existingId || abm.row.enrolledAt) return false
  const [consumed] = await tx
    .select({ id: quotaRecords.id })
    .from(quotaRecords)
    .where(and(eq(quotaRecords.companyId, companyId), eq(quotaRecords.kind, 'CONSUME'), eq(quotaRecords.deviceId, existingId)))
    .limit(1)
  return !consumed
}

/** The device state an automated enrollment starts with: enrolled through ABM, in Setup Assistant. */
export function automatedState(abm: AbmAtAuthenticate | null): Record<string, unknown> {
  return abm?.automated ? { abm: true, awaitingConfiguration: true } : {}
}

/** Links the ABM row to the device and marks it enrolled (once: the quota is consumed with the first). */
export async function markAbmEnrolled(tx: Tx, abm: AbmAtAuthenticate, deviceId: number, now: Date): Promise<void> {
  await tx
    .update(abmDevices)
    .set({
      deviceId,
      enrolledAt: abm.row.enrolledAt ?? now,
      awaitingConfiguration: abm.automated,
      updatedAt: now,
    })
    .where(eq(abmDevices.id, abm.row.id))
}

/**
 * TokenUpdate: a phone still in Setup Assistant (AwaitingConfiguration) gets DeviceConfigured after the commands queued
 * before it (the first token's DeviceInformation), once: not again while one is queued or sent. A phone that is not
 * waiting (any more) is marked so. True when DeviceConfigured was queued now (the phone is to be woken).
 */
export async function configureAfterToken(tx: Tx, taskService: TaskService, o: { deviceId: number; companyId: number; awaiting: boolean; now: Date }): Promise<boolean> {
  if (!o.awaiting) {
    // Only a phone that was waiting is marked: the others' state stays as it was.
    await tx
      .update(devices)
      .set({ state: sql`${devices.state} || '{"awaitingConfiguration": false}'::jsonb` })
      .where(and(eq(devices.id, o.deviceId), sql`${devices.state} ? 'awaitingConfiguration'`))
    await tx.update(abmDevices).set({ awaitingConfiguration: false, updatedAt: o.now }).where(and(eq(abmDevices.deviceId, o.deviceId), eq(abmDevices.awaitingConfiguration, true)))
    return false
  }
  await tx
    .update(devices)
    .set({ state: sql`${devices.state} || '{"awaitingConfiguration": true}'::jsonb` })
    .where(eq(devices.id, o.deviceId))
  await tx.update(abmDevices).set({ awaitingConfiguration: true, updatedAt: o.now }).where(eq(abmDevices.deviceId, o.deviceId))
  const [pending] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.deviceId, o.deviceId), eq(tasks.type, DEVICE_CONFIGURED_TASK), inArray(tasks.status, ['QUEUED', 'SENT'])))
  if (pending) return false
  await taskService.enqueue(
    { deviceId: o.deviceId, companyId: o.companyId, type: DEVICE_CONFIGURED_TASK, payload: { requestType: 'DeviceConfigured', params: {} }, createdBy: null },
    tx,
  )
  return true
}

/** The phone acknowledged DeviceConfigured: it has left Setup Assistant. */
export async function deviceConfigured(tx: Tx, deviceId: number, now: Date): Promise<void> {
  await tx.update(abmDevices).set({ awaitingConfiguration: false, updatedAt: now }).where(eq(abmDevices.deviceId, deviceId))
}
