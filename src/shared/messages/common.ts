/**
 * Messages every screen and API shares: SPEC §5 validation, §8 success and error texts, field names, the shell's words.
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** Validation messages of SPEC §5. */
export const validationMessages = {
  pinMismatch: '两次密码不一致',
  pinFormat: '密码必须是6位数字',
  roleAuthorityRequired: '请选择权限',
  companyPasswordMismatch: '密码与确认密码不一致',
  newPasswordMismatch: '新密码与确认密码不一致',
  registerPasswordMismatch: '两次密码输入不一致',
  uploadNameTooLong: '文件名长度不能超过100个字符',
  uploadWrongFormat: '只能上传指定格式的文件',
  uploadTooLarge: '文件过大',
} as const

/** Success messages of SPEC §8. */
export const successMessages = {
  applyNow: '立即应用成功',
  remove: '移除成功',
  releaseRestriction: '解除限制成功',
  macLock: '锁定MAC成功',
  lost: '丢失成功',
  oneClickLockDown: '一键下锁成功',
  removeSupervision: '删除监管成功',
  removeActivationLock: '删除激活锁成功',
  releaseAbm: '解除ABM成功',
  oneClickWipe: '一键抹掉成功',
  disableLostMode: '解除丢失成功',
  clearPasscode: '清除锁屏密码成功',
  activationLock: '下发激活锁成功',
  openPayMode: '开启支付模式成功',
  closePayMode: '关闭支付模式成功',
  playLostSound: '播放丢失声音成功',
  sendMessage: '发送消息成功',
  clearMessage: '清除已推送消息成功',
  saveStrategy: '保存策略成功',
  sendWallpaper: '下发壁纸成功',
  deleteWallpaper: '删除壁纸成功',
  eliminateDevice: '淘汰设备成功',
  edit: '编辑成功',
  save: '保存成功',
  changeQuantity: '修改数量成功',
  transfer: '转移成功',
  openHuawei: '开通华为成功',
  approve: '审核通过',
  reject: '审核不通过',
  delete: '删除成功',
  changePassword: '修改密码成功',
  changePhone: '修改手机号成功',
  regenerateKey: '重新生成密钥成功',
  createKey: '创建密钥成功',
  register: '注册成功，请等待管理员与您联系',
  login: '登录成功',
  logout: '已退出登录',
} as const

/** Transport and envelope errors of SPEC §8. */
export const errorMessages = {
  notifyTitle: '提示',
  networkFailed: '网络连接失败',
  networkError: '网络错误，请稍后重试',
  unauthorized: '登录已失效，请重新登录',
  forbidden: '没有权限执行此操作',
  notFound: '请求的资源不存在',
  apiNotFound: '接口不存在',
  badRequest: '请求参数有误',
  badJson: '请求体不是有效的 JSON',
  serverError: '服务器内部错误，请稍后重试',
  chunkLoadTimeout: '页面加载超时，请检查网络后重试',
  /** A screen's code could not be fetched: the console was updated since this page loaded, or the network dropped. */
  chunkLoadFailed: '页面文件加载失败：控制台可能已更新，或网络已断开。请刷新页面后重试',
  screenFailed: '页面出错了，请重试；如果问题仍然存在，请刷新页面',
  captchaWrong: '验证码错误或已过期，请重新输入',
  loginFailed: '用户名或密码错误',
  accountDisabled: '账号已被禁用，请联系管理员',
  usernameTaken: '用户名已被使用',
  registrationPending: '该用户名已提交注册申请，请等待审核',
  companyDisabled: '所属公司已被禁用，无法登录，请联系上级公司或管理员',
  registrationUnderReview: '注册申请正在审核中，审核通过后管理员会与您联系',
  registrationRejected: '注册申请未通过审核，请联系管理员',
} as const

/**
 * The server's refusals that are about one field of the form sent: a form shows them at that field, where the user
 * fixes it, as well as in the message at the top (components/form-rules.ts: showFieldError).
 */
export const fieldOfRefusal: Readonly<Record<string, string>> = {
  [errorMessages.usernameTaken]: 'username',
  [errorMessages.registrationPending]: 'username',
}

/** Reasons used when translating a contract violation into a sentence (see contract/validation.ts). */
export const fieldMessages = {
  required: (label: string) => `${label}不能为空`,
  invalid: (label: string) => `${label}格式不正确`,
  tooShort: (label: string, min: number) => `${label}长度不能少于${min}个字符`,
  tooLong: (label: string, max: number) => `${label}长度不能超过${max}个字符`,
  tooSmall: (label: string, min: number) => `${label}不能小于${min}`,
  tooBig: (label: string, max: number) => `${label}不能大于${max}`,
  notNumber: (label: string) => `${label}必须是数字`,
  notOneOf: (label: string, options: string) => `${label}只能是${options}之一`,
  /** A field with a fixed set of codes: the codes themselves mean nothing to a reader. */
  invalidChoice: (label: string) => `${label}的取值无效`,
  notInteger: (label: string) => `${label}必须是整数`,
  mustBeGreater: (label: string, min: number) => `${label}必须大于${min}`,
  mustBeLess: (label: string, max: number) => `${label}必须小于${max}`,
  unknownField: (label: string) => `不支持的字段：${label}`,
  /** A number beyond what any field holds (zod reports it against JavaScript's safe-integer limit). */
  numberTooLarge: (label: string) => `${label}数值过大`,
  /** U+0000 or half of a surrogate pair: no text field can store it. */
  invalidCharacters: (label: string) => `${label}包含无效字符，请删除后重试`,
} as const

/** Chinese names of request fields, used in validation sentences. */
/** Labels of the common request fields; fields.ts joins them with each area's. */
export const commonFieldLabels: Record<string, string> = {
  username: '用户名',
  password: '密码',
  confirmPassword: '确认密码',
  captcha: '验证码',
  captchaId: '验证码编号',
  companyName: '公司名称',
  contactName: '联系人',
  phoneNumber: '手机号',
  current: '页码',
  pageSize: '每页条数',
  id: '编号',
  name: '名称',
  remark: '备注',
}

/** What anything still on its way shows: a screen, the captcha, a refresh. */
const loading = '加载中…'

/** Texts of the console's own screens and shell. */
export const uiText = {
  /** Pasted text longer than the field takes: the field kept its first `kept` characters (app/paste-limit.ts). */
  pasteCut: (kept: number) => `粘贴的内容超出长度限制，只保留了前 ${kept} 个字符，请检查`,
  appName: 'MDM 设备管理控制台',
  appShortName: 'MDM 控制台',
  login: '登录',
  loginTitle: '设备管理平台',
  loginSubtitle: '租赁及企业手机远程管理',
  register: '注册',
  registerTitle: '注册账号',
  gotoRegister: '没有账号？立即注册',
  gotoLogin: '已有账号？返回登录',
  username: '用户名',
  password: '密码',
  confirmPassword: '确认密码',
  captcha: '验证码',
  captchaAlt: '验证码图片，点击刷新',
  captchaLoading: loading,
  companyName: '公司名称',
  contactName: '联系人',
  phoneNumber: '手机号',
  required: (label: string) => `请输入${label}`,
  home: '首页',
  center: '个人中心',
  blacklist: '黑名单',
  logout: '退出登录',
  logoutConfirm: '确定要退出登录吗？',
  copied: '已复制到剪贴板',
  copyFailed: '复制失败，请手动选择复制',
  menu: '菜单',
  darkMode: '深色模式',
  loading,
  clearInput: '清除',
  // Pull to refresh (antd-mobile's zh-CN wording, kept when the component became a local one).
  pullToRefresh: { pulling: '下拉刷新', canRelease: '释放立即刷新', refreshing: loading, complete: '刷新成功' },
  retry: '重试',
  reloadPage: '刷新页面',
  menuLoadFailed: '菜单加载失败',
  platformAdmin: '平台管理员',
  comingSoon: '此功能正在建设中，敬请期待。',
  notFoundTitle: '页面不存在',
  notFoundText: '您访问的页面不存在或已被移除。',
  forbiddenTitle: '无权访问',
  forbiddenText: '您没有访问此页面的权限，请联系管理员。',
  backHome: '返回首页',
  icpDefault: '',
  close: '关闭',
  confirm: '确定',
  cancel: '取消',
} as const

/** Offline behaviour of the PWA (issue #4). */
export const offlineText = {
  actionDisabled: '离线状态下无法执行此操作',
  banner: (since: string) => `当前处于离线状态，显示的是 ${since} 缓存的数据`,
  bannerNoTime: '当前处于离线状态，显示的是缓存的数据',
  updateAvailable: '发现新版本',
  refresh: '刷新',
  later: '稍后',
} as const
