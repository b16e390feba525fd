import { huaweiDeviceText } from './devices'
import { statusText } from './status'

/**
 * Apple MDM (issue #12): enrollment profile, check-in and command endpoints, catalogue, APNs.
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** The 'my device' commands' names (SPEC §7), as buttons, task logs, the audit trail and the server's answers name them. */
const appleCommandLabels = {
  checkNetwork: '检查网络',
  clearPasscode: '清除锁屏密码',
  activationLock: '下发激活锁',
  removeProfile: '删除监管',
  disableActivationLock: '删除激活锁',
  enableLostMode: '开启丢失模式',
  disableLostMode: '解除丢失',
  deviceErase: '一键抹掉',
  showActivationLockPassword: '查看激活锁密码',
  openPayMode: '开启支付模式',
  closePayMode: '关闭支付模式',
  oneClickLockDown: '一键下锁',
  disownDevice: '解除ABM',
  playLostModeSound: '播放丢失声音',
  scheduleOSUpdate: '系统更新',
  deviceLocation: '设备定位',
  macLock: '锁定MAC',
  installedApplicationList: '已安装应用',
} as const

/** Apple MDM (issue #12): enrollment profile, check-in and command endpoints, the command catalogue, APNs. */
export const appleMdmText = {
  caCreated: (dir: string) => `已创建设备证书颁发机构（CA）：${dir}/ca.pem、ca.key；请与密钥文件一同备份，丢失后所有苹果设备需重新注册`,
  profileCompanyOnly: '仅公司账号可下载注册描述文件',
  profileDisplayName: (company: string) => `${company} 设备管理`,
  profileDescription: '安装后，本设备将由所属公司远程管理（丢失模式、定位、抹掉等）',
  identityPayloadName: '设备身份证书',
  mdmPayloadName: '移动设备管理',
  badMessage: '无法解析的 MDM 消息',
  identityInvalid: '设备身份验证失败',
  /** Issue #41: the check-in and command endpoints over plain HTTP (MDM_APPLE_REQUIRE_HTTPS). */
  httpsRequired: 'Apple 设备的签到和指令只接受 HTTPS 连接',
  unknownMessageType: '不支持的签到消息类型',
  unknownCommand: '不支持的指令',
  badParams: '指令参数不正确',
  commandFailed: '设备执行指令失败',
  commandFormatError: '设备无法识别该指令（格式错误）',
  webServiceNotConfigured: (what: string) => `未配置苹果商务管理（ABM）服务，无法${what}，请联系管理员`,
  disableActivationLock: appleCommandLabels.disableActivationLock,
  disown: appleCommandLabels.disownDevice,
  payModeMessage: '请按时缴纳租金，缴费后设备将自动解锁',
  lockDownMessage: '本设备已被锁定，请联系设备所属公司',
  apnsNotConfigured: '未配置 APNs 推送证书（MDM_APNS_CERT_FILE / MDM_APNS_KEY_FILE）：苹果设备将在下次签到时取回指令',
  apnsFailed: (status: number | string, reason: string) => `APNs 推送失败：${status} ${reason}`,
  apnsConfigInvalid: 'MDM_APNS_CERT_FILE 与 MDM_APNS_KEY_FILE 须同时设置',
  plainHttpInProduction:
    '生产环境不能设置 MDM_APPLE_REQUIRE_HTTPS=off：苹果设备的消息不带时间，只有 HTTPS 能防止被截获后重放 (MDM_APPLE_REQUIRE_HTTPS=off is refused in production)',
} as const

/** The 'my device' screens and API of issue #13: why a command cannot be sent now, and the device's own fields. */
export const appleDeviceText = {
  /** SPEC §5: a new record's serial is typed twice. */
  serialMismatch: '两次输入的序列号不一致',
  productVersionFormat: '系统版本格式不正确，如 17.5.1',
  /** Why a command is unavailable (iosCommandAvailability): the console disables the button with it, the server refuses with it. */
  unavailable: {
    recycled: huaweiDeviceText.recycledNoAction,
    wiped: '设备已被抹掉，需重新安装描述文件注册后才能下发指令',
    notEnrolled: '设备尚未通过 MDM 注册，无法下发指令',
    notSupervised: '该指令仅适用于受监管的设备',
    notInLostMode: '仅在丢失模式下可用，请先开启丢失模式',
    notInPayMode: '设备未开启支付模式',
    noUnlockToken: '设备尚未上报解锁令牌，无法清除锁屏密码',
  },
  commandLabels: appleCommandLabels,
  /** SPEC §4 unmanage action 3: the device had no bypass code to give. */
  noActivationLockPassword: '该设备没有激活锁密码',
  /** The device took longer than the request may wait: the console follows the task. */
  activationLockPasswordWaiting: '正在等待设备返回激活锁密码…',
  /** An Apple task the device answered NotNow: still waiting, not failed. */
  taskDeferred: '设备暂时无法执行（如锁屏中），将在设备空闲时自动重试',
  // Export columns and labels of Apple's own fields
  udid: 'UDID',
  supervised: '监管状态',
  supervisedYes: '受监管',
  supervisedNo: '未监管',
  unknown: '未知',
  lostStatus: '丢失模式',
  payMode: '支付模式',
  on: '开启',
  off: '关闭',
  wiped: statusText.wiped,
  remark: '设备备注',
} as const

/** Saved phrases and phones of the lost-mode dialog (SPEC §7 'Phrases'). */
export const phraseText = {
  phoneFormat: '电话号码格式不正确，请输入11位手机号或带区号的座机号',
  duplicate: (type: 'PHRASES' | 'PHONE') => (type === 'PHONE' ? '该电话号码已保存' : '该常用语已保存'),
  tooMany: (max: number) => `最多保存${max}条，请先删除不用的`,
  notFound: '常用语不存在',
  companyOnly: '仅公司账号及其员工可以保存常用语',
  labels: { PHRASES: '常用语', PHONE: '联系电话' },
} as const

/** Labels of the Apple requests' fields, for validation sentences (joined in fields.ts). */
export const appleFieldLabels: Record<string, string> = {
  confirmSerialNumber: '确认序列号',
  pin: '密码',
  message: '提示信息',
  footnote: '脚注',
  productVersion: huaweiDeviceText.osVersion,
  installAction: '安装方式',
  secondaryPassword: '二级密码',
  type: '类型',
  value: '内容',
}
