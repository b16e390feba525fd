import { domainText } from './domain'
import { iosDetailTaskLabels, restrictionRelease } from './ios-task-labels'

/**
 * The Apple detail's restriction, message push, device information and map tabs (issue #14), console and server.
 * SPEC §8's success texts are in common.ts (successMessages).
 */
export const iosDetailFieldLabels: Record<string, string> = {
  expiredDate: '过期日期',
  expiryTimeMinute: domainText.strategy.expiryTimeMinute,
}

export const restrictionText = {
  title: '限制策略',
  /** Apple has no key for it (docs/apple-restrictions.md). */
  notSent: 'iOS 无对应限制，仅记录',
  supervisedOnly: '仅受监管设备生效',
  expiryInvalid: '有效时长须为0到525600之间的整数分钟',
  save: '保存策略',
  release: restrictionRelease,
  releaseConfirm: '解除限制将从设备上移除限制策略，设备恢复不受限制的状态。已保存的开关保留，可再次下发。确定解除吗？',
  /** 解除限制 with nothing in force on the device. */
  none: '设备上没有生效的限制策略',
  status: {
    NONE: '尚未下发策略',
    PENDING: '策略已下发，等待设备执行',
    INSTALLED: '设备已安装策略',
    FAILED: '设备未能安装策略',
    EXPIRED: '策略已到期移除',
    CLEARED: '已解除限制，策略已从设备移除',
  },
  expiresAt: (at: string) => `到期时间：${at}`,
  profileName: '设备限制策略',
  profileDescription: '由管理控制台下发的设备限制',
}

export const lockMessageText = {
  title: '锁屏消息',
  message: '消息内容',
  placeholder: '显示在锁屏上的文字',
  expiredDate: '过期日期',
  send: '发送消息',
  clear: '清除已推送消息',
  none: '当前没有推送的锁屏消息',
  current: (message: string, date: string) => `当前消息：${message}（${date}到期）`,
  pastDate: '过期日期不能早于今天',
  dateFormat: '过期日期格式应为YYYY-MM-DD',
  status: { PENDING: '等待设备接收', INSTALLED: '设备已显示', FAILED: '设备未能显示', EXPIRED: '已过期移除', CLEARED: '已清除' },
  profileName: '锁屏消息',
  supervisedHint: '锁屏消息仅受监管设备支持',
}

export const deviceInfoText = {
  title: '设备上报信息',
  refresh: iosDetailTaskLabels.deviceInformation,
  refreshed: '设备信息已更新',
  /** Only what the device told when it enrolled (Authenticate) is known yet. */
  never: `以上为设备接入时上报的信息；电量、容量等请点击“${iosDetailTaskLabels.deviceInformation}”获取`,
  reportedAt: (at: string) => `上报时间：${at}`,
  /** Apple's ModelName (iPhone, iPad): the kind of device, not its model (产品型号). */
  modelName: '设备类型',
  productName: '产品型号',
  osVersion: '系统版本',
  buildVersion: '内部版本',
  capacity: '总容量',
  available: '可用空间',
  battery: '电量',
  imei: 'IMEI',
  phoneNumber: '手机号',
  supervised: '受监管',
  activationLock: '激活锁',
  lastCheckIn: '最后通信',
  yes: '是',
  no: '否',
  on: '已开启',
  off: '未开启',
  gb: (n: number) => `${n.toFixed(n >= 100 ? 0 : 1)} GB`,
  networkTitle: '网络',
  networkNever: '尚未检查网络：在命令中点“检查网络”，设备会上报运营商、漫游和网络地址',
  networkReportedAt: (at: string) => `检查网络于 ${at}`,
  carrier: '运营商',
  cellular: '蜂窝网络',
  /** Apple's CellularTechnology. */
  cellularTechnology: ['无', 'GSM', 'CDMA', 'GSM 与 CDMA'] as readonly string[],
  roaming: '漫游',
  roamingNow: '漫游中',
  notRoaming: '未漫游',
  dataRoaming: '数据漫游',
  hotspot: '个人热点',
  wifiMac: 'Wi-Fi 地址',
  bluetoothMac: '蓝牙地址',
  iccid: 'ICCID',
}

export const mapText = {
  title: '设备位置',
  locate: '获取最新位置',
  none: '暂无位置信息（定位仅在丢失模式下可用）',
  at: (time: string) => `定位时间：${time}`,
  loadFailed: '地图加载失败',
}
