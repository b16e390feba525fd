import { successMessages, uiText } from './common'
import { familyPageTitles } from './routes'

/**
 * Device screens and commands of the Huawei and Mi families, and what all families share.
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** Words of every device screen: the device areas' lists and detail, and a company's device list. */
export const deviceText = {
  serialNumber: '序列号',
  model: '型号',
  renterName: '租用人',
  company: '所属公司',
  staff: '负责员工',
  unassigned: '未分配',
  lastCommunicationTime: '最后通信',
  neverCommunicated: '从未通信',
  /** An iPhone SE by its generation (shared/domain/apple-models.ts). */
  iphoneSe: (generation: 2 | 3) => `iPhone SE（第${generation === 2 ? '二' : '三'}代）`,
  /** A failure reason in the device's own words, which need not be Chinese. */
  deviceReason: (reason: string) => `设备返回：${reason}`,
} as const

/** Huawei and Mi devices: lists, detail, remote commands and the agent protocol (issue #6). */
export const huaweiDeviceText = {
  /** SPEC §9: the Huawei export is named as the device list. */
  exportFileName: `${familyPageTitles.device}.xlsx`,
  exportSheetName: familyPageTitles.device,
  /** Names of the remote commands of SPEC §7, as buttons and task-log rows show them. */
  commandLabels: {
    check: '检查设备',
    getDeviceInfo: '刷新设备信息',
    clearPasscode: '清除锁屏密码',
    backDesktop: '返回桌面',
    logOff: '注销',
    runApp: '运行应用',
    getLockPasscode: '查看锁屏密码',
    shutdown: '关机',
    reboot: '重启',
    restoreSettings: '恢复出厂设置',
    lockScreen: '锁屏',
    unlockScreen: '解锁',
    exitControl: '退出管控',
  },
  /** SPEC §8: the Huawei command messages, shown once the command is queued. */
  commandSuccess: {
    check: '检查成功',
    getDeviceInfo: '更新成功',
    clearPasscode: successMessages.clearPasscode,
    backDesktop: '返回桌面成功',
    logOff: '注销成功',
    runApp: '运行应用成功',
    getLockPasscode: '获取锁屏密码成功',
    shutdown: '关机成功',
    reboot: '重启成功',
    restoreSettings: '恢复出厂设置成功',
    lockScreen: '锁屏成功',
    unlockScreen: '解锁成功',
    exitControl: '退出管控成功',
  },
  taskStatus: { QUEUED: '排队中', SENT: '已下发', DONE: '已完成', ERROR: '执行失败', TIMEOUT: '已超时' },
  /** SPEC §4: the lock-passcode dialog. */
  lockPasscodeTitle: '锁屏密码',
  noLockPasscode: '该设备未设置锁屏密码',
  lockPasscodeWaiting: '正在等待设备返回锁屏密码…',
  /** SPEC §4: check and update are followed by taskId to their end. */
  followedDone: (command: string) => `${command}已完成`,
  followedFailed: (command: string, reason: string) => `${command}未完成：${reason}`,
  lockPasscodeNoAnswer: '设备暂未返回锁屏密码，请确认设备在线后重试',
  lockPasscodeFailed: (reason: string) => `获取锁屏密码失败：${reason}`,
  confirmCommand: (command: string, device: string) => `确定要对设备 ${device} 执行“${command}”吗？`,
  confirmRestore: (device: string) => `恢复出厂设置将清除设备 ${device} 上的全部数据，且无法撤销。确定继续吗？`,
  confirmBulk: (command: string, count: number) => `确定要对选中的 ${count} 台设备执行“${command}”吗？`,
  /** The control-exit dialog (SPEC §2). */
  exitControlTitle: '退出管控',
  exitControlText: (device: string) =>
    `设备 ${device} 退出管控后将不再接收任何远程指令，设备上的管控程序会停止工作；如需重新管控，须在设备上重新接入。`,
  exitControlConfirm: '确认退出管控',
  bulkDone: (command: string, ok: number, failed: number) =>
    failed === 0 ? `已对 ${ok} 台设备下发“${command}”` : `“${command}”：${ok} 台已下发，${failed} 台失败`,
  // Screens
  ...deviceText,
  search: '搜索',
  reset: '重置',
  imei: 'IMEI',
  deviceName: '设备名称',
  osVersion: '系统版本',
  status: '状态',
  allStatuses: '全部状态',
  renterPhone: '租用人手机号',
  renterIdCard: '租用人身份证号',
  rentRemark: '备注',
  enrolled: '接入状态',
  enrolledYes: '已接入',
  enrolledNo: '未接入',
  createdAt: '添加时间',
  lockState: '锁屏状态',
  locked: '已锁屏',
  unlocked: '未锁屏',
  runningApp: '当前应用',
  desktop: '桌面',
  power: '电源',
  poweredOn: '开机',
  poweredOff: '关机',
  restarting: '重启中',
  passcode: '锁屏密码',
  passcodeSet: '已设置',
  passcodeNotSet: '未设置',
  controlled: '管控状态',
  controlledYes: '管控中',
  controlledNo: '已退出管控',
  battery: '电量',
  addDevice: '添加设备',
  editDevice: '编辑设备',
  edit: '编辑',
  detail: '详情',
  export: '导出',
  recycle: '淘汰',
  takeOut: '移出回收站',
  move: '转移',
  moveTitle: (device: string) => `转移设备 ${device}`,
  moveToCompany: '转移到公司',
  moveToStaff: '分配给员工',
  /** A staff member sees only the devices assigned to them: a transfer takes the device out of their sight. */
  moveAwayConfirm: (device: string) => `转移后，设备 ${device} 将不再分配给您，您将无法再查看或操作它。确定转移吗？`,
  chooseTarget: '请选择目标公司或员工',
  noMoveTargets: '没有可转移的目标',
  save: '保存',
  commands: '远程指令',
  /** Why some of the grid's commands are disabled, naming them: 播放丢失声音、设备定位：仅在丢失模式下可用… */
  unavailableFor: (commands: readonly string[], reason: string) => `${commands.join('、')}：${reason}`,
  taskLog: '任务日志',
  taskCreatedAt: '下发时间',
  taskFinishedAt: '完成时间',
  taskCreatedBy: '操作人',
  noTasks: '暂无任务',
  noDevices: '暂无设备',
  noRecycledDevices: '回收站为空',
  selectAll: '全选本页',
  selected: (count: number) => `已选 ${count} 台`,
  clearSelection: '取消选择',
  selectDevice: (serial: string) => `选择设备 ${serial}`,
  back: '返回列表',
  noDeviceChosen: '未指定设备，请从设备列表打开详情',
  deviceInfo: '设备信息',
  rentInfo: '租赁信息',
  pullToRefresh: uiText.pullToRefresh.pulling,
  refreshing: '正在刷新…',
  releaseToRefresh: '松开立即刷新',
  refreshed: '刷新完成',
  enrollment: '设备接入',
  enrollmentTitle: '设备接入令牌',
  enrollmentText: '在设备的管控程序中填写服务器地址和以下接入令牌。令牌只显示这一次；重新生成后旧令牌立即失效。',
  enrollmentGenerate: '生成接入令牌',
  enrollmentServer: '服务器地址',
  enrollmentToken: '接入令牌',
  copy: '复制',
  takeOutSuccess: '移出回收站成功',
  takeOutBulkDone: (ok: number, failed: number) =>
    failed === 0 ? `已将 ${ok} 台设备移出回收站` : `${ok} 台设备已移出回收站，${failed} 台失败`,
  /** A device in the recycle bin: its state, and why its detail offers no commands. */
  recycled: '已淘汰',
  recycledNotice: '该设备已淘汰，移出回收站后才能操作',
  lockPasscodeCancel: '取消等待',
  confirmNeverConnected: (command: string, device: string) => `设备 ${device} 尚未接入，“${command}”将在设备接入后执行。是否继续？`,
  enrollmentRegenerate: '重新生成接入令牌',
  enrollmentConfirm: '生成新令牌后，之前生成的接入令牌（如有）立即失效，尚未接入的设备须改用新令牌。确定生成吗？',
  // Server
  deviceNotFound: '设备不存在',
  taskNotFound: '任务不存在',
  serialTaken: '该序列号的设备已存在',
  imeiTaken: '该 IMEI 的设备已存在，请核对 IMEI',
  recycledNoAction: '该设备已淘汰，请先移出回收站再操作',
  serialInvalid: '序列号只能包含字母、数字和 -',
  imeiInvalid: 'IMEI 必须是15位数字',
  alreadyInRecycle: '设备已在回收站中',
  notInRecycle: '设备不在回收站中',
  moveTargetRequired: '请选择目标公司或员工（只能选择一个）',
  moveTargetNotFound: '目标公司或员工不存在',
  companyRequired: '请选择设备所属公司',
  enrollmentCompanyOnly: '只有公司账号可以生成设备接入令牌，请联系公司负责人',
  recycleForbidden: '没有查看回收站的权限',
  commandUnknown: (name: string) => `不支持的指令：${name}`,
  tooManyRows: (max: number) => `导出的设备超过 ${max} 台，请缩小搜索范围后再导出`,
  // Agent protocol
  enrollmentTokenInvalid: '接入令牌无效或已失效',
  enrollmentPlatformMismatch: '接入令牌与设备类型不符',
  deviceCredentialInvalid: '设备凭证无效，请重新接入',
  taskFinished: '任务已结束，不能重复上报结果',
  taskNotSent: '任务尚未下发给设备',
  resultTooLarge: '结果数据过大',
  resultTimeout: '设备未在规定时间内返回结果',
  queuedExpired: '设备长时间未连接，任务已过期',
} as const

/**
 * Issue #11: what a command's sender is told, for every device family. Queuing is not success: the first notice
 * says it waits for the device, the second how it ended (the family's success text only once the device reported).
 */
export const deviceCommandText = {
  sent: (command: string) => `“${command}”已发送，等待设备执行`,
  failed: (command: string, reason: string) => `${command}失败：${reason}`,
  timedOut: (command: string, reason: string) => `${command}超时：${reason}`,
  /** The console stopped watching (the screen was kept open this long); the task log keeps the outcome. */
  stillWaiting: (command: string) => `“${command}”仍在等待设备执行，结果可在任务日志中查看`,
  bulkSent: (command: string, ok: number, failed: number) =>
    failed === 0 ? `“${command}”已发送到 ${ok} 台设备，等待设备执行` : `“${command}”已发送到 ${ok} 台设备，${failed} 台发送失败`,
  bulkEnded: (command: string, done: number, failed: number, waiting: number) =>
    [`“${command}”：${done} 台成功`, failed ? `${failed} 台失败或超时` : '', waiting ? `${waiting} 台仍在等待` : ''].filter(Boolean).join('，'),
  /** A bulk confirmation names the devices: the first few serial numbers and the count. */
  confirmBulk: (command: string, serials: string[], count: number) =>
    count > serials.length ? `确定要对 ${serials.join('、')} 等 ${count} 台设备执行“${command}”吗？` : `确定要对 ${serials.join('、')} 执行“${command}”吗？`,
  /** Asked before sending to a device that has not been seen for over 24 hours. */
  confirmAway: (command: string, device: string) => `设备 ${device} 已超过 24 小时未连接，“${command}”将在设备重新连接后执行。是否继续？`,
  bulkAway: (count: number) => `其中 ${count} 台超过 24 小时未连接或尚未接入，指令将在设备连接后执行。`,
  more: '更多',
  /** The detail's sheet of the commands after the few used most (issue #43 item 5). */
  moreCommands: '更多指令',
  /** The 更多 sheet's heading: which device its actions are for (the sheet covers the card). */
  moreFor: (serial: string) => `设备 ${serial}`,
  currentState: '当前状态',
  unknownState: '设备尚未上报状态',
  leftManagement: '设备已退出管控，不再接收指令',
  poweredOff: '设备已关机，开机后才能执行关机或重启',
  restarting: '设备正在重启，重新连接后才能执行关机或重启',
  /** Offline, a cached card shows when its data was loaded and the status as of then. */
  cachedAt: (time: string) => `缓存于 ${time}`,
  statusAsOf: '状态截至缓存时',
  /** Offline, a list's search runs over the devices cached on the phone (issue #43): the count says so. */
  cachedResults: (total: number) => `离线：本机缓存中有 ${total} 台设备符合条件`,
  noCachedMatches: '离线：本机缓存中没有符合条件的设备',
  /** An export on its way (issue #43): prepared by the server, then arriving. */
  exportPreparing: '正在生成导出文件…',
  exportReceiving: (size: string, percent: number | null) => (percent === null ? `正在下载 ${size}` : `正在下载 ${percent}%`),
  detailNotCached: '离线状态下无法打开该设备：此前未在本机查看过它的详情',
  filters: '筛选',
  jumpToTaskLog: '任务日志',
} as const

/** Labels of the device area's request fields, for validation sentences (joined in fields.ts). */
export const deviceFieldLabels: Record<string, string> = {
  deviceId: '设备编号',
  taskId: '任务编号',
  imei: 'IMEI',
  model: deviceText.model,
  osVersion: huaweiDeviceText.osVersion,
  renterName: deviceText.renterName,
  renterPhone: huaweiDeviceText.renterPhone,
  renterIdCard: huaweiDeviceText.renterIdCard,
  rentRemark: huaweiDeviceText.rentRemark,
  recycleStatus: '回收状态',
  connectionStatus: '连接状态',
  sortBy: '排序字段',
  sortOrder: '排序方向',
  targetStaffId: '目标员工',
  enrollmentToken: huaweiDeviceText.enrollmentToken,
  credential: '设备凭证',
  reason: '失败原因',
  success: '执行结果',
  maxTasks: '任务数量',
  battery: huaweiDeviceText.battery,
  runningApp: huaweiDeviceText.runningApp,
  state: '设备状态',
  wipedAt: '恢复出厂时间',
  poweredOn: '开机状态',
  locked: huaweiDeviceText.lockState,
  passcodeSet: '锁屏密码状态',
  loggedIn: '登录状态',
  controlled: huaweiDeviceText.controlled,
  data: '执行结果数据',
}
