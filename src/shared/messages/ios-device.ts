import type { MyDeviceCommandName } from '../domain/ios-commands'
import { appleDeviceText, appleFieldLabels, phraseText } from './apple'
import { successMessages } from './common'
import { deviceText, huaweiDeviceText } from './devices'
import { restrictionText } from './ios-detail-a'
import { wallpaperText } from './ios-detail-b'

/**
 * SPEC §8's success message of each Apple command that names one: the endpoint's answer (contract/my-device.ts) and,
 * once the device reported it done, the console's notice.
 */
export const specCommandSuccess = {
  clearPasscode: successMessages.clearPasscode,
  activationLock: successMessages.activationLock,
  removeProfile: successMessages.removeSupervision,
  disableActivationLock: successMessages.removeActivationLock,
  enableLostMode: successMessages.lost,
  disableLostMode: successMessages.disableLostMode,
  deviceErase: successMessages.oneClickWipe,
  openPayMode: successMessages.openPayMode,
  closePayMode: successMessages.closePayMode,
  oneClickLockDown: successMessages.oneClickLockDown,
  disownDevice: successMessages.releaseAbm,
  playLostModeSound: successMessages.playLostSound,
  macLock: successMessages.macLock,
} as const satisfies Partial<Record<MyDeviceCommandName, string>>

/**
 * The Apple 'my device' screens (issue #13): /ios/device, /ios/recycle, /ios/detail. Texts SPEC §5 and §8 quote are
 * reproduced exactly; the API's own texts (why a command is unavailable, phrases) are in apple.ts.
 */
export const iosDeviceText = {
  /**
   * What the device reported doing, once it did (SPEC §8 where it names one). Queuing is not success (issue #11):
   * these show only after the device's answer.
   */
  commandDone: {
    ...specCommandSuccess,
    checkNetwork: '设备网络正常，已上报',
    showActivationLockPassword: '已取得激活锁密码',
    scheduleOSUpdate: '设备已接受系统更新',
    deviceLocation: '设备已上报位置',
    installedApplicationList: '设备已上报已装应用',
  } satisfies Record<MyDeviceCommandName, string>,
  confirm: huaweiDeviceText.confirmCommand,
  confirmErase: (serial: string) => `一键抹掉将清除设备 ${serial} 上的全部数据并使其退出管理，且无法撤销。确定继续吗？`,
  confirmRemoveProfile: (serial: string) => `删除监管后，设备 ${serial} 将不再接受任何指令，需重新安装描述文件才能恢复管理。确定继续吗？`,
  confirmDisown: (serial: string) => `解除ABM后，设备 ${serial} 将从 Apple 商务管理中释放，无法撤销。确定继续吗？`,
  confirmDisableActivationLock: (serial: string) => `删除激活锁后，设备 ${serial} 被抹掉后任何人都可以重新激活。确定继续吗？`,
  // Badges and fields
  lostMode: appleDeviceText.lostStatus,
  payMode: appleDeviceText.payMode,
  supervised: appleDeviceText.supervisedYes,
  wiped: appleDeviceText.wiped,
  notEnrolled: '未注册',
  // Issue #42: enrolled through Apple Business Manager (automated enrollment), and still in Setup Assistant.
  abmEnrolled: 'ABM 注册',
  awaitingConfiguration: '等待完成设置',
  enrollmentKind: '注册方式',
  enrolledByAbm: '苹果商务管理（自动注册，不可移除）',
  enrolledByProfile: '描述文件',
  udid: appleDeviceText.udid,
  activationLock: '激活锁',
  activationLockOn: '已开启',
  activationLockOff: '未开启',
  lostMessage: '锁屏提示',
  lostPhone: phraseText.labels.PHONE,
  location: '最近位置',
  locationValue: (lat: number, lng: number, accuracy: number | null) =>
    `${lat.toFixed(5)}, ${lng.toFixed(5)}${accuracy === null ? '' : `（误差约 ${Math.round(accuracy)} 米）`}`,
  remark: appleDeviceText.remark,
  unknown: appleDeviceText.unknown,
  installedApps: '已装应用',
  appsNeverReported: '设备尚未上报已装应用，可点击“刷新已装应用”',
  refreshApps: '刷新已装应用',
  appsReportedAt: (time: string) => `上报于 ${time}`,
  noApps: '没有已装应用',
  // Lost mode dialog (SPEC §3: the chosen phrase and phone)
  lostTitle: appleDeviceText.commandLabels.enableLostMode,
  payTitle: appleDeviceText.commandLabels.openPayMode,
  phrase: '锁屏提示',
  phrasePlaceholder: '选择或输入锁屏提示',
  phone: phraseText.labels.PHONE,
  phonePlaceholder: '选择或输入联系电话',
  savePhrase: '保存为常用语',
  savePhone: '保存为常用电话',
  savedPhrases: '常用语',
  savedPhones: '常用电话',
  noSaved: '暂无，输入后可保存',
  deleteSaved: (value: string) => `删除“${value}”`,
  confirmDeleteSaved: (value: string) => `确定删除“${value}”吗？`,
  lostNeedsSomething: '请填写锁屏提示或联系电话',
  send: '下发',
  // PIN (SPEC §5)
  pinTitle: appleDeviceText.commandLabels.macLock,
  pin: '6位数字密码',
  pinConfirm: '再次输入密码',
  // 一键下锁: what it does, with the notice the lock screen will show (the server's appleMdmText.lockDownMessage).
  lockDownConfirm: (serial: string, notice: string) => `将立即锁定设备 ${serial} 的屏幕，并在锁屏上显示“${notice}”。确定继续吗？`,
  // OS update (SPEC §4: InstallAction forced to Default)
  updateConfirm: (serial: string) => `将为设备 ${serial} 安排系统更新（下载并在设备空闲时安装）。确定继续吗？`,
  // Activation lock password (SPEC §4 unmanage action 3: shown in a modal, never cached)
  activationLockPasswordTitle: '激活锁密码',
  noActivationLockPassword: appleDeviceText.noActivationLockPassword,
  activationLockPasswordWaiting: appleDeviceText.activationLockPasswordWaiting,
  // Add / register / edit
  addDevice: huaweiDeviceText.addDevice,
  registerDevice: '按序列号登记',
  registerHint: '只登记序列号；设备安装本公司描述文件注册后自动与此记录关联。',
  confirmSerial: appleFieldLabels.confirmSerialNumber,
  editRent: '编辑租用信息',
  editDevice: '编辑设备信息',
  deviceName: huaweiDeviceText.deviceName,
  model: deviceText.model,
  // Enrollment profile
  enrollment: huaweiDeviceText.enrollment,
  enrollmentTitle: '设备接入（Apple 描述文件）',
  enrollmentText: '在 iPhone 上用 Safari 打开下载链接，或用相机扫描二维码，下载描述文件后到“设置 > 已下载描述文件”安装。每次生成的描述文件只能用于一台设备。',
  enrollmentGenerate: '生成接入链接',
  enrollmentDownload: '下载描述文件',
  enrollmentLink: '下载链接',
  enrollmentExpires: (time: string) => `链接 ${time} 前有效，且只能下载一次`,
  enrollmentQrAlt: '描述文件下载二维码',
} as const

/** The one-time enrollment link's server-side refusals (my-device/enrollment-link.ts). */
export const enrollmentLinkText = {
  /** Expired, already used, or not one of ours: said the same way, so a guess learns nothing. */
  invalid: '下载链接已失效（链接有效期15分钟，且只能使用一次），请在控制台重新生成',
} as const

/** The tabs of the Apple detail (SPEC §2), in its order. */
export const iosTabText = {
  apps: '应用',
  info: huaweiDeviceText.deviceInfo,
  log: '日志',
  map: '地图',
  message: '消息推送',
  restriction: restrictionText.title,
  wallpaper: wallpaperText.title,
} as const
