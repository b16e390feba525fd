import { successMessages } from './common'
import { huaweiDeviceText } from './devices'

/**
 * Renewals of Apple devices' service and the platform's blacklist (issue #15). Every user-facing Chinese string of
 * the two areas (STYLE §8); docs/renewals.md and docs/blacklist.md explain the rules behind them.
 */

export const renewalStatusLabels = {
  DRAFT: '待开始',
  RUNNING: '续费中',
  STOPPED: '已停止',
  CANCELLED: '已取消',
} as const

export const renewText = {
  title: '续费管理',
  statusLabel: '状态',
  allStatuses: '全部状态',
  expired: '已到期',
  serviceEnded: '服务已到期',
  years: '续费年限',
  yearsValue: (n: number) => `${n} 年`,
  consumed: '消耗额度',
  consumedValue: (n: number) => `${n} 个`,
  serviceEnd: '服务到期',
  deviceServiceEnd: '设备服务到期',
  previousEnd: '原到期日',
  newEnd: '续费后到期',
  company: '所属公司',
  remark: '备注',
  createdBy: '发起',
  startedBy: '开始',
  stoppedBy: '停止',
  byAt: (who: string | null, at: string) => `${who ?? '—'} · ${at}`,
  empty: '暂无续费记录',
  init: '发起续费',
  initTitle: '发起续费',
  initHint: '续费发起后为“待开始”，开始时才按年限消耗苹果额度（每年 1 个）并延长设备服务期。',
  deviceLabel: '设备序列号',
  devicePlaceholder: '输入序列号查找设备',
  noDeviceFound: '没有找到该序列号的苹果设备，请检查序列号（回收站中的设备不能续费）',
  serialRequired: '请输入设备序列号',
  chooseDevice: '请选择设备',
  start: '开始',
  stop: '停止',
  cancelDraft: '取消',
  startConfirm: (serial: string, years: number, endsAt: string) =>
    `开始续费设备 ${serial}：将消耗 ${years} 个苹果额度，服务到期日延长至约 ${endsAt}。开始后停止不退还额度。确定开始吗？`,
  stopConfirm: (serial: string) => `停止设备 ${serial} 的续费：服务到期日恢复为续费前的日期（已过则立即到期），已消耗的额度不退还。确定停止吗？`,
  cancelConfirm: (serial: string) => `取消设备 ${serial} 待开始的续费？未消耗任何额度。`,
  // Server answers.
  renewalNotFound: '续费记录不存在',
  draftExists: '该设备已有待开始的续费，请先开始或取消它',
  alreadyRunning: '该续费已在进行中，无需再次开始',
  notStartable: '该续费已停止或取消，无法再次开始，请重新发起续费',
  notRunning: '该续费未在进行中，无法停止',
  alreadyEnded: '该续费的服务期已结束，无需停止',
  notLatest: '只能停止该设备最近一次开始且仍在进行的续费，请先停止之后开始的续费',
  recycled: '设备在回收站中，无法续费，请先移出回收站',
  summary: (serial: string, years: number) => `${serial} 续费 ${years} 年`,
  quotaRemark: (years: number) => `续费 ${years} 年`,
  // Started / stopped notices (success messages of the endpoints).
  initDone: '发起续费成功',
  startDone: '开始续费成功',
  stopDone: '停止续费成功',
} as const

export const blacklistKindLabels = {
  SERIAL: '序列号',
  IMEI: 'IMEI',
  ID_CARD: '租用人身份证号',
} as const

export const blacklistText = {
  title: '黑名单',
  lookupTitle: '黑名单查询',
  lookupHint: '输入序列号、IMEI 或租用人身份证号，查询是否在平台黑名单中。只显示是否列入及原因，不显示任何设备或租用人信息。',
  lookupPlaceholder: '序列号 / IMEI / 身份证号',
  lookup: '查询',
  lookupEmpty: '请输入要查询的序列号、IMEI 或身份证号',
  notListed: (value: string) => `${value} 不在黑名单中`,
  listed: (value: string) => `${value} 在黑名单中`,
  since: '列入时间',
  reason: '原因',
  kind: '类型',
  blocksEnrollment: '禁止接入',
  blocksEnrollmentHint: '开启后，匹配的设备接入（苹果描述文件、华为/小米代理）将被拒绝；关闭时只在添加时提醒。',
  manageTitle: '黑名单条目',
  add: '添加',
  addTitle: '添加黑名单',
  value: '号码',
  remove: '移除',
  removeConfirm: (display: string) => `将 ${display} 移出黑名单？移除后添加和接入不再提醒。`,
  removed: successMessages.remove,
  empty: '黑名单为空',
  keyword: '号码',
  createdBy: '添加人',
  // Server answers.
  valueInvalid: '请输入序列号、IMEI（15 位数字）或 18 位身份证号',
  serialInvalid: huaweiDeviceText.serialInvalid,
  imeiInvalid: huaweiDeviceText.imeiInvalid,
  idCardInvalid: '身份证号格式不正确',
  duplicate: '该号码已在黑名单中',
  entryNotFound: '黑名单条目不存在',
  adminOnly: '只有平台管理员可以维护黑名单',
  lookupLocked: (minutes: number) => `黑名单查询过于频繁，请 ${minutes} 分钟后再试`,
  /** The add / register answer that asks for confirmation (ResultCode.blacklisted). */
  warning: (hits: string) => `该设备在黑名单中：${hits}。确认仍要保存吗？`,
  hit: (kind: string, reason: string) => `${kind}（${reason}）`,
  hitSeparator: '；',
  confirmSave: '仍要保存',
  /** An enrollment the administrator chose to refuse. */
  enrollmentBlocked: '该设备在平台黑名单中，已禁止接入，请联系平台管理员',
  summary: (kind: string, display: string) => `${kind} ${display}`,
} as const

/** Request field labels of the two areas, for validation sentences. */
export const bizFieldLabels: Readonly<Record<string, string>> = {
  years: '续费年限',
  blockEnrollment: '禁止接入',
  confirmBlacklisted: '黑名单确认',
  keyword: '号码',
}
