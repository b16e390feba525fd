import { X509Certificate } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { appleMdmText as t } from '../../../shared/messages/apple'
import { huaweiDeviceText } from '../../../shared/messages/devices'
import type { CurrentUser } from '../../auth/sessions'
import { visibleDeviceCondition } from '../../auth/scope'
import type { Services } from '../../context'
import { appleEnrollments, companies, devices } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { appleCommands, isAppleCommand, WebServiceNotConfigured } from '../../protocol/apple/commands'
import { enrollmentProfile } from '../../protocol/apple/profile'
import type { TaskService } from '../task/service'

/**
 * The console side of Apple devices that issue #12 needs: the enrollment profile download and queueing a
 * catalogue command on a device (then waking it through APNs). The 'my device' screens and the rest of /myDevice
 * come with the next issue.
 */
export class MyDeviceService {
  private readonly tasks: TaskService

  constructor(
    private readonly services: Pick<Services, 'db' | 'config' | 'appleCa' | 'apns' | 'appleWebServices' | 'tasks' | 'appleMdm'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.tasks = services.tasks
  }

  /** GET /myDevice/enrollmentProfile: a fresh identity for the user's own company, inside a .mobileconfig. */
  async enrollmentProfile(user: CurrentUser): Promise<string> {
    if (user.kind === 'STAFF' || user.kind === 'ADMIN' || user.companyId === null) throw ApiError.forbidden(t.profileCompanyOnly)
    return this.issueProfile(user.companyId, user.id)
  }

  /** A profile of a company with a fresh identity bound to it (the download, and the demo iPhones). */
  async issueProfile(companyId: number, createdBy: number): Promise<string> {
    const [company] = await this.services.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
    const identity = this.services.appleCa.issueIdentity(`MDM Device ${companyId}-${Date.now().toString(36)}`)
    await this.services.appleMdm.recordIdentity({
      companyId,
      fingerprint: identity.fingerprint,
      serialNumber: new X509Certificate(identity.certificatePem).serialNumber,
      createdBy,
    })
    return enrollmentProfile({
      publicUrl: this.services.config.apple.publicUrl,
      topic: this.services.apns.topic,
      companyName: company?.name ?? '',
      identity,
    })
  }

  /**
   * Queues a catalogue command (src/server/protocol/apple/commands.ts) on a visible, enrolled Apple device and
   * wakes it. Commands that are calls of Apple's web services go there instead, and fail clearly while those are
   * not configured.
   */
  async queue(user: CurrentUser, deviceId: number, commandName: string, params: Record<string, unknown> = {}): Promise<{ taskId: string }> {
    if (!isAppleCommand(commandName)) throw ApiError.badRequest(t.unknownCommand)
    const entry = appleCommands[commandName]
    const parsed = entry.params.safeParse(params)
    if (!parsed.success) throw ApiError.badRequest(t.badParams)
    const db = this.services.db
    const [device] = await db
      .select()
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.platform, 'IOS'), await visibleDeviceCondition(db, user)))
    if (!device) throw ApiError.notFound(t.deviceNotFound)
    if (device.recycleStatus) throw ApiError.badRequest(huaweiDeviceText.recycledNoAction)
    if ('webService' in entry) {
      try {
        await this.services.appleWebServices[entry.webService](device)
      } catch (error) {
        if (error instanceof WebServiceNotConfigured) throw ApiError.badRequest(error.message)
        throw error
      }
    }
    const [enrollment] = await db.select().from(appleEnrollments).where(eq(appleEnrollments.deviceId, deviceId))
    if (!enrollment || !enrollment.tokenUpdatedAt || enrollment.checkedOutAt) throw ApiError.badRequest(t.notEnrolled)
    if (commandName === 'clearPasscode' && !enrollment.unlockToken) throw ApiError.badRequest(t.noUnlockToken)
    const requests = entry.requests(parsed.data)
    let first: string | undefined
    for (const request of requests) {
      const { taskId } = await this.tasks.enqueue({
        deviceId,
        companyId: device.companyId,
        type: commandName,
        payload: { requestType: request.requestType, params: request.params },
        createdBy: user.id,
      })
      first ??= taskId
    }
    if (!first) throw ApiError.badRequest(t.unknownCommand)
    await this.wake(enrollment)
    return { taskId: first }
  }

  /** An APNs push; without a usable token or certificate the device picks the command up at its next check-in. */
  private async wake(enrollment: typeof appleEnrollments.$inferSelect): Promise<void> {
    if (!enrollment.pushToken || !enrollment.pushMagic || enrollment.pushTokenInvalidAt) return
    const outcome = await this.services.apns.push({ token: enrollment.pushToken, pushMagic: enrollment.pushMagic, topic: enrollment.topic })
    if (outcome === 'invalid-token') {
      await this.services.db.update(appleEnrollments).set({ pushTokenInvalidAt: this.now() }).where(eq(appleEnrollments.id, enrollment.id))
    }
  }
}
