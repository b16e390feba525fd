import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import {
  WALLPAPER_EXTENSIONS,
  WALLPAPER_MAX_MB,
  WallpaperInstallRequest,
  WallpaperUploadRequest,
  type Wallpaper,
  type WallpaperOnDevice,
  type WallpaperWhere,
} from '../../../shared/contract/ios-wallpaper'
import type { FileAnswer } from '../../../shared/contract/endpoint'
import { validateUpload } from '../../../shared/domain/validators'
import { iosDetailRefusal } from '../../../shared/domain/ios-detail-commands'
import { wallpaperText as t } from '../../../shared/messages/ios-detail-b'
import { ownCompanyId, visibleCompanyIds } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import { iosWallpapers, tasks } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { wallpaperRequest, type AttachedRequest } from '../../protocol/apple/detail-b'
import type { IosDeviceService } from '../my-device/devices'
import { queueAppleRequests, type AppleQueue } from '../my-device/queue-requests'
import { claimedType, imageHeader } from './image-header'

/** Wallpapers a company keeps (each under WALLPAPER_MAX_MB): the database holds at most this many per company. */
export const MAX_WALLPAPERS_PER_COMPANY = 50

const listColumns = {
  id: iosWallpapers.id,
  name: iosWallpapers.name,
  contentType: iosWallpapers.contentType,
  size: iosWallpapers.size,
  width: iosWallpapers.width,
  height: iosWallpapers.height,
  createdAt: iosWallpapers.createdAt,
}

const firstDescription = (chain: unknown): string | null => {
  const entry = Array.isArray(chain) ? (chain[0] as { LocalizedDescription?: unknown } | undefined) : undefined
  return typeof entry?.LocalizedDescription === 'string' ? entry.LocalizedDescription : null
}

/**
 * The wallpaper tab (issue #14): a company's wallpapers, stored in the database after SPEC §5's upload checks and a
 * check of the image's own header bytes, and sent to a device as Settings → Wallpaper (supervised devices). Only the
 * device's acknowledgement puts it on the device record (wallpaperId, wallpaperUrl).
 */
export class WallpaperService {
  constructor(private readonly services: AppleQueue & { iosDevices: IosDeviceService }) {}

  private get db() {
    return this.services.db
  }

  private ownCompany(user: CurrentUser): number {
    const companyId = ownCompanyId(user)
    if (companyId === null) throw ApiError.forbidden(t.companyOnly)
    return companyId
  }

  /** GET /device/wallpaper/list: the user's own company's, newest first. */
  async list(user: CurrentUser): Promise<Wallpaper[]> {
    const companyId = ownCompanyId(user)
    if (companyId === null) return []
    const rows = await this.db.select(listColumns).from(iosWallpapers).where(eq(iosWallpapers.companyId, companyId)).orderBy(desc(iosWallpapers.id))
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
  }

  /** POST /device/wallpaper/upload: SPEC §5 (name, format, size), then the bytes must be the image the name claims. */
  async upload(user: CurrentUser, req: z.output<typeof WallpaperUploadRequest>): Promise<{ id: number }> {
    const companyId = this.ownCompany(user)
    const bytes = Buffer.from(req.contentBase64, 'base64')
    const invalid = validateUpload({ name: req.fileName, size: bytes.length }, { extensions: WALLPAPER_EXTENSIONS, maxMB: WALLPAPER_MAX_MB })
    if (invalid) throw ApiError.badRequest(invalid)
    const header = imageHeader(bytes)
    if (!header) throw ApiError.badRequest(t.notAnImage)
    if (header.type !== claimedType(req.fileName)) throw ApiError.badRequest(t.typeMismatch)
    const [{ n }] = await this.db.select({ n: count() }).from(iosWallpapers).where(eq(iosWallpapers.companyId, companyId))
    if (n >= MAX_WALLPAPERS_PER_COMPANY) throw ApiError.badRequest(t.tooMany(MAX_WALLPAPERS_PER_COMPANY))
    const [row] = await this.db
      .insert(iosWallpapers)
      .values({ companyId, name: req.fileName, contentType: header.contentType, size: bytes.length, width: header.width, height: header.height, image: bytes, createdBy: user.id })
      .returning({ id: iosWallpapers.id })
    return row
  }

  /** POST /device/wallpaper/delete (删除壁纸成功). A device showing it keeps showing it. */
  async delete(user: CurrentUser, id: number): Promise<void> {
    const companyId = ownCompanyId(user)
    const deleted =
      companyId === null ? [] : await this.db.delete(iosWallpapers).where(and(eq(iosWallpapers.id, id), eq(iosWallpapers.companyId, companyId))).returning({ id: iosWallpapers.id })
    if (deleted.length === 0) throw ApiError.notFound(t.wallpaperNotFound)
  }

  /** A wallpaper of a company the user sees, or the 404 of a missing one. */
  private async visible(user: CurrentUser, id: number) {
    const scope = await visibleCompanyIds(this.db, user)
    const [row] = await this.db
      .select()
      .from(iosWallpapers)
      .where(and(eq(iosWallpapers.id, id), scope === null ? undefined : inArray(iosWallpapers.companyId, scope)))
    if (!row) throw ApiError.notFound(t.wallpaperNotFound)
    return row
  }

  /** GET /device/wallpaper/image: the image, for the console's preview. */
  async image(user: CurrentUser, id: number): Promise<FileAnswer> {
    const row = await this.visible(user, id)
    return { bytes: new Uint8Array(row.image), fileName: row.name, contentType: row.contentType }
  }

  /** POST /device/wallpaper/restrictions/install (下发壁纸成功; SPEC §5 请选择要下发的壁纸 without one). */
  async install(user: CurrentUser, req: z.output<typeof WallpaperInstallRequest>): Promise<{ taskId: string }> {
    if (req.wallpaperId === undefined) throw ApiError.badRequest(t.chooseOne)
    const device = await this.services.iosDevices.detail(user, req.deviceId)
    const wallpaper = await this.visible(user, req.wallpaperId)
    const refusal = iosDetailRefusal(device, 'wallpaper')
    if (refusal) throw ApiError.badRequest(refusal)
    const { taskIds } = await queueAppleRequests(this.services, user, device, [{ type: 'wallpaper', request: wallpaperRequest(wallpaper.id, req.where) }], t.send)
    return { taskId: taskIds[0] }
  }

  /** GET /device/wallpaper/restrictions: what the device acknowledged, and the newest wallpaper command not (yet) taken. */
  async onDevice(user: CurrentUser, deviceId: number): Promise<WallpaperOnDevice> {
    const device = await this.services.iosDevices.findVisible(user, deviceId)
    const reported = (device.state ?? {}).wallpaper as { id?: unknown; where?: unknown; at?: unknown } | undefined
    const [task] = await this.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.deviceId, deviceId), eq(tasks.type, 'wallpaper')))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(1)
    const ids = [reported?.id, (task?.payload as unknown as AttachedRequest | undefined)?.attach?.wallpaperId].filter((v): v is number => typeof v === 'number')
    const names = new Map(
      ids.length === 0 ? [] : (await this.db.select({ id: iosWallpapers.id, name: iosWallpapers.name }).from(iosWallpapers).where(inArray(iosWallpapers.id, ids))).map((w) => [w.id, w.name]),
    )
    const current =
      reported && typeof reported.id === 'number'
        ? { wallpaperId: reported.id, name: names.get(reported.id) ?? null, where: (reported.where ?? 3) as WallpaperWhere, at: String(reported.at ?? '') }
        : null
    let pending: WallpaperOnDevice['pending'] = null
    const failedItem = task?.result && (task.result as Record<string, unknown>).wallpaper === 'Error'
    if (task && (task.status !== 'DONE' || failedItem)) {
      const request = task.payload as unknown as AttachedRequest
      const wallpaperId = request.attach?.wallpaperId ?? 0
      const where = ((request.params.Settings as { Where?: number }[] | undefined)?.[0]?.Where ?? 3) as WallpaperWhere
      pending = {
        taskId: task.taskId,
        wallpaperId,
        name: names.get(wallpaperId) ?? null,
        where,
        at: task.createdAt.toISOString(),
        status: failedItem ? 'ERROR' : task.status,
        errorMessage: task.errorMessage ?? (failedItem ? firstDescription((task.result as Record<string, unknown>).errorChain) : null),
      }
    }
    return { current, pending }
  }
}
