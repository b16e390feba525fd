import { and, eq, isNull, ne } from 'drizzle-orm'
import { auditText } from '../../../shared/messages/audit'
import type { Db } from '../../db/client'
import { devices, type Platform } from '../../db/schema'
import { recordAudit } from '../audit/service'

type Tx = Pick<Db, 'update' | 'insert'>

/**
 * docs/serials.md: when a phone enrolls in one company, other companies' registrations of its serial that never
 * enrolled are moved to their recycle bins, each with an entry in that company's audit trail saying why. Nothing
 * is deleted (the registration may have tasks and consumed quota); the entry names no other company.
 */
export async function releaseRegistrationsElsewhere(tx: Tx, platform: Platform, serialNumber: string, enrollingCompanyId: number, now: Date) {
  const released = await tx
    .update(devices)
    .set({ recycleStatus: true, updatedAt: now })
    .where(
      and(
        eq(devices.platform, platform),
        eq(devices.serialNumber, serialNumber),
        ne(devices.companyId, enrollingCompanyId),
        isNull(devices.enrolledAt),
        eq(devices.recycleStatus, false),
      ),
    )
    .returning({ id: devices.id, companyId: devices.companyId })
  for (const device of released) {
    await recordAudit(tx, {
      action: 'device.release',
      // The phone is the actor, with no company: the entry shows in the released company's trail only.
      actor: { id: null, username: serialNumber, kind: 'DEVICE', companyId: null },
      targetKind: 'DEVICE',
      targetId: device.id,
      targetCompanyId: device.companyId,
      summary: auditText.released(serialNumber),
    })
  }
}
