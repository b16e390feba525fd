import { z } from 'zod'
import { successMessages } from '../messages/common'
import { iosAppText as t } from '../messages/ios-detail-b'
import { endpoint } from './endpoint'
import { flexibleBoolean, idSchema } from './id'
import { catalogueEndpoints, iosCommand as command, iosRead as read } from './ios-catalogue'
import { taskStatusSchema } from './huawei-device'

/**
 * The apps tab of the iOS detail (SPEC §7: GET /app/list, /device/app-restrictions/…; issue #14). A company's
 * catalogue holds App Store apps (InstallApplication iTunesStoreID) and enterprise apps (ManifestURL, https only as
 * Apple's schema requires); the bundle ID is what the restriction payload's lists name.
 */
export const iosAppKindSchema = z.enum(['APP_STORE', 'ENTERPRISE'])
export const appRestrictionActionSchema = z.enum(['INSTALL', 'ALLOW', 'FORBID'])
export type AppRestrictionAction = z.infer<typeof appRestrictionActionSchema>

/** Most apps per request: one InstallApplication each. */
export const MAX_APPS_PER_REQUEST = 50

const bundleId = z.string().trim().max(155).regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, { error: t.bundleIdFormat })
const name = z.string().trim().min(1).max(100)

export const IosAppAddRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('APP_STORE'),
    name,
    bundleId,
    itunesStoreId: z.preprocess((v) => (typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : v), z.number({ error: t.itunesIdFormat }).int().min(1).max(99_999_999_999)),
  }),
  z.object({
    kind: z.literal('ENTERPRISE'),
    name,
    bundleId,
    manifestUrl: z.string().trim().max(2000).refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', { error: t.manifestHttps }),
  }),
])
export type IosAppAddRequest = z.input<typeof IosAppAddRequest>

export const IosApp = z.object({
  id: z.number(),
  kind: iosAppKindSchema,
  name: z.string(),
  bundleId: z.string(),
  itunesStoreId: z.number().nullable(),
  manifestUrl: z.string().nullable(),
  createdAt: z.string(),
})
export type IosApp = z.infer<typeof IosApp>

/**
 * SPEC §3 install request. `canInstall` true installs the apps (InstallApplication) and lifts a ban on them; with
 * `install` false it only lifts the ban (允许). `canInstall` false forbids them (blockedAppBundleIDs).
 */
export const AppInstallRequest = z.object({
  deviceId: idSchema,
  canInstall: flexibleBoolean,
  appIdList: z.array(idSchema).min(1, { error: t.listEmpty }).max(MAX_APPS_PER_REQUEST, { error: t.tooMany }),
  install: flexibleBoolean.optional(),
})
export type AppInstallRequest = z.input<typeof AppInstallRequest>

export function actionOf(req: { canInstall: boolean; install?: boolean }): AppRestrictionAction {
  return !req.canInstall ? 'FORBID' : req.install === false ? 'ALLOW' : 'INSTALL'
}

export const AppRestrictionRecord = z.object({
  appId: z.number().nullable(),
  appName: z.string(),
  bundleId: z.string(),
  action: appRestrictionActionSchema,
  taskId: z.string(),
  /** The device's progress with it (the task's status). */
  status: taskStatusSchema,
  updatedAt: z.string(),
})
export type AppRestrictionRecord = z.infer<typeof AppRestrictionRecord>

export const iosAppEndpoints = {
  ...catalogueEndpoints({ path: '/app', item: IosApp, add: { name: 'add', request: IosAppAddRequest }, deleted: successMessages.delete }),
  restrictions: endpoint({ base: 'main', method: 'GET', path: '/device/app-restrictions/listByDeviceId', access: read, request: z.object({ deviceId: idSchema }), response: z.array(AppRestrictionRecord) }),
  install: endpoint({ base: 'main', method: 'POST', path: '/device/app-restrictions/install', access: command, request: AppInstallRequest, response: z.object({ taskId: z.string() }), success: successMessages.applyNow }),
}
