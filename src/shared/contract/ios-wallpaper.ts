import { z } from 'zod'
import { successMessages } from '../messages/common'
import { binaryResponse, endpoint } from './endpoint'
import { idSchema } from './id'
import { catalogueEndpoints, iosCommand as command, iosRead as read } from './ios-catalogue'
import { taskStatusSchema } from './huawei-device'

/**
 * The wallpaper tab of the iOS detail (SPEC §7 /device/wallpaper/…; issue #14). The image travels as base64 in a
 * JSON body: it goes through the same bounded body parsing and zod validation as every endpoint of the table, and
 * a wallpaper is small enough (under WALLPAPER_MAX_MB) for the API's 2 MB body limit even with base64's third more.
 */
export const WALLPAPER_MAX_MB = 1
export const WALLPAPER_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const

/** Where the Settings command's Wallpaper item puts it (Apple: 1 lock screen, 2 home screen, 3 both). */
export const wallpaperWhereSchema = z.union([z.literal(1), z.literal(2), z.literal(3)])
export type WallpaperWhere = z.infer<typeof wallpaperWhereSchema>

export const WallpaperUploadRequest = z.object({
  fileName: z.string().trim().min(1).max(300),
  // The size limit itself is checked on the decoded bytes (SPEC §5 "the file is too large"); this only bounds the text.
  contentBase64: z.string().min(1).max(2 * 1024 * 1024).regex(/^[A-Za-z0-9+/]*={0,2}$/),
})
export type WallpaperUploadRequest = z.input<typeof WallpaperUploadRequest>

export const Wallpaper = z.object({
  id: z.number(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
})
export type Wallpaper = z.infer<typeof Wallpaper>

/** `wallpaperId` missing: SPEC §5 "请选择要下发的壁纸". */
export const WallpaperInstallRequest = z.object({
  deviceId: idSchema,
  wallpaperId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  where: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), wallpaperWhereSchema).default(3),
})
export type WallpaperInstallRequest = z.input<typeof WallpaperInstallRequest>

const sent = z.object({ wallpaperId: z.number(), name: z.string().nullable(), where: wallpaperWhereSchema, at: z.string() })

export const WallpaperOnDevice = z.object({
  /** What the device acknowledged last (also the record's wallpaperId / wallpaperUrl). */
  current: sent.nullable(),
  /** The newest wallpaper command not acknowledged yet (waiting, or failed with its reason). */
  pending: sent.extend({ taskId: z.string(), status: taskStatusSchema, errorMessage: z.string().nullable() }).nullable(),
})
export type WallpaperOnDevice = z.infer<typeof WallpaperOnDevice>

export const iosWallpaperEndpoints = {
  ...catalogueEndpoints({ path: '/device/wallpaper', item: Wallpaper, add: { name: 'upload', request: WallpaperUploadRequest }, deleted: successMessages.deleteWallpaper }),
  /** The image itself, for the console's preview (binary; fetched with the token like a download). */
  image: endpoint({ base: 'main', method: 'GET', path: '/device/wallpaper/image', access: read, request: z.object({ id: idSchema }), response: binaryResponse, binary: true }),
  install: endpoint({ base: 'main', method: 'POST', path: '/device/wallpaper/restrictions/install', access: command, request: WallpaperInstallRequest, response: z.object({ taskId: z.string() }), success: successMessages.sendWallpaper }),
  onDevice: endpoint({ base: 'main', method: 'GET', path: '/device/wallpaper/restrictions', access: read, request: z.object({ deviceId: idSchema }), response: WallpaperOnDevice }),
}

/** The console's address of a wallpaper's image (the device record's wallpaperUrl). */
export const wallpaperImagePath = (id: number) => `/mdm/api/v1/device/wallpaper/image?id=${id}`
