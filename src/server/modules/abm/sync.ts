import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm'
import { abmText as t } from '../../../shared/messages/abm'
import { countAbmSync } from '../../metrics'
import type { AppConfig } from '../../config'
import type { Db } from '../../db/client'
import { companies, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { abmDevices, abmLinks } from '../../db/schema-abm'
import type { AbmClient, AbmDeviceJson } from './client'
import { AbmHttpError } from './client'
import { applyDevicePage, removeUnlisted, serialOf, type PageCounts } from './devices'
import { companyProfile, profileHash } from './profile'

type Link = typeof abmLinks.$inferSelect

/** Devices asked for per page (Apple's default and maximum is 1000). */
const PAGE_LIMIT = 1000
/** Serials per PUT /profile/devices. */
const ASSIGN_BATCH = 1000
/** A runaway cursor (more_to_follow forever) stops here; the next run continues from the stored cursor. */
const MAX_PAGES_PER_RUN = 500

export interface SyncResult extends PageCounts {
  full: boolean
  assigned: number
}

/**
 * The device sync of a company's ABM link (issue #42): a first link (or a cursor Apple no longer continues) fetches
 * every device with POST /server/devices page by page until more_to_follow is false; later runs continue with
 * POST /devices/sync from the stored cursor. The cursor is stored after every page, so a run cut off resumes where
 * it stopped and repeats nothing. Then the company's profile is defined (again when its inputs changed) and assigned
 * to every device that does not have it, those of later syncs included.
 */
export class AbmSync {
  constructor(
    private readonly deps: {
      db: Db
      config: AppConfig
      now: () => Date
      client: (link: Link) => AbmClient
      describe: (error: unknown) => string
    },
  ) {}

  private async link(companyId: number): Promise<Link | undefined> {
    const [link] = await this.deps.db.select().from(abmLinks).where(eq(abmLinks.companyId, companyId))
    return link
  }

  /** One company's sync; its outcome is recorded on the link (lastSyncAt, lastSyncError) and counted. */
  async syncCompany(companyId: number, signal?: AbortSignal): Promise<SyncResult> {
    const link = await this.link(companyId)
    if (!link?.tokenSealed) throw ApiError.badRequest(t.notLinked)
    const client = this.deps.client(link)
    try {
      const result = await this.run(link, client, signal)
      await this.deps.db.update(abmLinks).set({ lastSyncAt: this.deps.now(), lastSyncError: null }).where(eq(abmLinks.id, link.id))
      countAbmSync('ok')
      return result
    } catch (error) {
      await this.deps.db
        .update(abmLinks)
        .set({ lastSyncAt: this.deps.now(), lastSyncError: this.deps.describe(error) })
        .where(eq(abmLinks.id, link.id))
      countAbmSync('error')
      throw error
    }
  }

  /** Every linked company in turn (the abm-sync job); one company's failure is its own and does not stop the others. */
  async syncAll(signal?: AbortSignal): Promise<void> {
    const linked = await this.deps.db.select({ companyId: abmLinks.companyId }).from(abmLinks).where(isNotNull(abmLinks.tokenSealed))
    for (const { companyId } of linked) {
      if (signal?.aborted) return
      await this.syncCompany(companyId, signal).catch(() => undefined)
    }
  }

  private async run(link: Link, client: AbmClient, signal?: AbortSignal): Promise<SyncResult> {
    const total: SyncResult = { full: false, added: 0, modified: 0, deleted: 0, assigned: 0 }
    const add = (c: PageCounts) => {
      total.added += c.added
      total.modified += c.modified
      total.deleted += c.deleted
    }
    let synced = false
    if (link.cursor && link.fetchedAt) {
      try {
        await this.pages(link, (cursor) => client.syncDevices(cursor!, PAGE_LIMIT), link.cursor, add, signal)
        synced = true
      } catch (error) {
        if (!(error instanceof AbmHttpError && error.cursorUnusable)) throw error
      }
    }
    if (!synced) {
      total.full = true
      // A fetch in progress (cut off mid-way) continues from its cursor; otherwise it starts from the first page, and
      // until it ends the link says so (fetchedAt null), so that a run cut off resumes the fetch, not a sync from it.
      const resume = link.fetchedAt ? null : link.cursor
      if (link.fetchedAt) await this.deps.db.update(abmLinks).set({ fetchedAt: null }).where(eq(abmLinks.id, link.id))
      const listed = new Set<string>()
      const done = await this.pages(
        link,
        (cursor) => client.fetchDevices(cursor, PAGE_LIMIT),
        resume,
        add,
        signal,
        (page) => page.forEach((d) => listed.add(serialOf(d))),
      )
      if (done) {
        // Only a fetch from the first page lists every device: what it did not list is gone.
        if (!resume) total.deleted += await removeUnlisted(this.deps.db, link.companyId, listed, this.deps.now())
        await this.deps.db.update(abmLinks).set({ fetchedAt: this.deps.now() }).where(eq(abmLinks.id, link.id))
      }
    }
    total.assigned = await this.assignProfile(link.companyId, client)
    return total
  }

  /** Follows the cursor page by page, storing it after each; true when Apple said no more follow. */
  private async pages(
    link: Link,
    next: (cursor: string | null) => Promise<{ devices?: AbmDeviceJson[]; cursor: string; more_to_follow: boolean }>,
    start: string | null,
    add: (c: PageCounts) => void,
    signal?: AbortSignal,
    seen?: (page: AbmDeviceJson[]) => void,
  ): Promise<boolean> {
    let cursor = start
    for (let n = 0; n < MAX_PAGES_PER_RUN; n++) {
      if (signal?.aborted) return false
      const page = await next(cursor)
      const devices = page.devices ?? []
      seen?.(devices)
      add(await applyDevicePage(this.deps.db, link.companyId, devices, this.deps.now()))
      if (page.cursor) cursor = page.cursor
      await this.deps.db.update(abmLinks).set({ cursor, updatedAt: this.deps.now() }).where(eq(abmLinks.id, link.id))
      if (!page.more_to_follow) return true
    }
    return false
  }

  /** The profile as it should be now: the company's name and its account's phone, at our public URL. */
  private async profileOf(companyId: number) {
    const [company] = await this.deps.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
    const [account] = await this.deps.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.kind, ['BOSS', 'COMPANY'])))
      .orderBy(users.id)
      .limit(1)
    return companyProfile({ publicUrl: this.deps.config.apple.publicUrl, companyName: company?.name ?? '', supportPhone: account?.phone ?? '' })
  }

  /**
   * Defines the profile when there is none or its inputs changed (POST /profile), then assigns it (PUT
   * /profile/devices) to every live device that does not have it. Apple's answer per serial is kept: SUCCESS marks
   * it assigned; NOT_ACCESSIBLE and FAILED are kept in its words. A NOT_ACCESSIBLE device is not asked again until
   * Apple lists it again (modified, added); a FAILED one is retried next run.
   */
  private async assignProfile(companyId: number, client: AbmClient): Promise<number> {
    const db = this.deps.db
    const link = (await this.link(companyId))!
    const profile = await this.profileOf(companyId)
    const hash = profileHash(profile)
    let uuid = link.profileUuid
    if (!uuid || link.profileHash !== hash) {
      uuid = (await client.defineProfile(profile)).profile_uuid
      await db.update(abmLinks).set({ profileUuid: uuid, profileHash: hash, profileDefinedAt: this.deps.now() }).where(eq(abmLinks.id, link.id))
    }
    const pending = await db
      .select({ serial: abmDevices.serialNumber })
      .from(abmDevices)
      .where(
        and(
          eq(abmDevices.companyId, companyId),
          isNull(abmDevices.removedAt),
          or(isNull(abmDevices.profileUuid), ne(abmDevices.profileUuid, uuid)),
          or(isNull(abmDevices.assignError), ne(abmDevices.assignError, 'NOT_ACCESSIBLE')),
        ),
      )
      .orderBy(abmDevices.id)
    let assigned = 0
    for (let i = 0; i < pending.length; i += ASSIGN_BATCH) {
      const serials = pending.slice(i, i + ASSIGN_BATCH).map((p) => p.serial)
      const answer = (await client.assignProfile(uuid, serials)).devices ?? {}
      const now = this.deps.now()
      const ok = serials.filter((s) => answer[s] === 'SUCCESS')
      if (ok.length > 0) {
        await db
          .update(abmDevices)
          .set({ profileUuid: uuid, profileStatus: 'assigned', profileAssignTime: now, assignError: null, updatedAt: now })
          .where(and(eq(abmDevices.companyId, companyId), inArray(abmDevices.serialNumber, ok)))
      }
      const failed = serials.filter((s) => answer[s] !== 'SUCCESS')
      for (const word of new Set(failed.map((s) => answer[s] ?? 'FAILED'))) {
        const these = failed.filter((s) => (answer[s] ?? 'FAILED') === word)
        await db
          .update(abmDevices)
          .set({ assignError: word, updatedAt: now })
          .where(and(eq(abmDevices.companyId, companyId), inArray(abmDevices.serialNumber, these)))
      }
      assigned += ok.length
    }
    return assigned
  }
}
