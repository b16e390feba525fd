/**
 * The Apple task log's names of the detail's own commands (SPEC §5), apart from the detail tabs' other texts
 * (ios-detail-a.ts, ios-detail-b.ts): the Apple family (app/features/ios-device/family.tsx), which the device list
 * shares with the detail, carries these and not the rest (issue #16).
 */

/** 解除限制: the restriction tab's button names the task it queues (ios-detail-a.ts reads it from here). */
export const restrictionRelease = '解除限制'

/** The restriction, lock-screen message and device-information tasks. */
export const iosDetailTaskLabels: Record<string, string> = {
  installRestrictionProfile: '保存限制策略',
  removeRestrictionProfile: '限制策略到期移除',
  releaseRestrictionProfile: restrictionRelease,
  sendLockScreenMessage: '发送锁屏消息',
  clearLockScreenMessage: '清除锁屏消息',
  expireLockScreenMessage: '锁屏消息到期移除',
  deviceInformation: '刷新设备信息',
  /** Issue #42: the end of automated enrollment's wait in Setup Assistant. */
  deviceConfigured: '完成设置（ABM 自动注册）',
}

/** The app and wallpaper tasks. */
export const iosAppTaskLabels: Record<string, string> = { installApplication: '安装应用', appRestriction: '应用限制', wallpaper: '下发壁纸' }
