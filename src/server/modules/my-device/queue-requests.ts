import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import type { AttachedRequest } from '../../protocol/apple/detail-b'
import type { AppleMdmService } from '../../protocol/apple/service'
import { deviceCommandEntry } from '../audit/device-command'
import { recordAudit } from '../audit/service'
import type { TaskService } from '../task/service'

/** What queueing Apple requests needs: the database, the command queue, and Apple MDM to wake the device. */
export interface AppleQueue {
  db: Db
  tasks: TaskService
  appleMdm: AppleMdmService
}

/**
 * Queues MDM requests that are not catalogue commands (the detail tabs' installs, restrictions, wallpapers): one
 * task each (of its type, the task log's label), in order, then one APNs wake and one audit entry. The caller has checked the device is visible and
 * can take them (iosDetailRefusal). Answers the first task's id.
 */
export async function queueAppleRequests(
  services: AppleQueue,
  user: CurrentUser,
  device: { id: number; companyId: number; serialNumber: string },
  requests: { type: string; request: AttachedRequest }[],
  auditLabel: string,
): Promise<{ taskIds: string[] }> {
  const taskIds: string[] = []
  for (const { type, request } of requests) {
    const payload = request as unknown as Record<string, unknown>
    const { taskId } = await services.tasks.enqueue({ deviceId: device.id, companyId: device.companyId, type, payload, createdBy: user.id })
    taskIds.push(taskId)
  }
  await services.appleMdm.wakeDevice(device.id)
  await recordAudit(services.db, deviceCommandEntry(device, auditLabel))
  return { taskIds }
}
