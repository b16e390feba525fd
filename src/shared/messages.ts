/**
 * Every user-facing Chinese string of the product, in one place (STYLE §8).
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** Validation messages of SPEC §5. */
export const validationMessages = {
  pinMismatch: '两次密码不一致',
  pinFormat: '密码必须是6位数字',
  roleAuthorityRequired: '请选择权限',
  wallpaperRequired: '请选择要下发的壁纸',
  appAlreadyInList: (appName: string) => `${appName}已在执行列表内，无法重复添加`,
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
  captchaWrong: '验证码错误或已过期，请重新输入',
  loginFailed: '用户名或密码错误',
  accountDisabled: '账号已被禁用，请联系管理员',
  usernameTaken: '用户名已被使用',
  registrationPending: '该用户名已提交注册申请，请等待审核',
} as const

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
  unknownField: (label: string) => `不支持的字段：${label}`,
} as const

/** Chinese names of request fields, used in validation sentences. */
export const fieldLabels: Record<string, string> = {
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

/** Texts of the console's own screens and shell. */
export const uiText = {
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
  captchaLoading: '加载中…',
  companyName: '公司名称',
  contactName: '联系人',
  phoneNumber: '手机号',
  required: (label: string) => `请输入${label}`,
  home: '首页',
  center: '个人中心',
  blacklist: '黑名单',
  logout: '退出登录',
  logoutConfirm: '确定要退出登录吗？',
  menu: '菜单',
  darkMode: '深色模式',
  loading: '加载中…',
  retry: '重试',
  menuLoadFailed: '菜单加载失败',
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

/** Titles of the routes of SPEC §2 (also the server menu's titles). */
export const routeTitles = {
  '/dashboard': '首页',
  '/ios/device': '苹果设备',
  '/ios/recycle': '苹果回收站',
  '/ios/detail': '苹果设备详情',
  '/ios/renew': '续费管理',
  '/huawei/device': '华为设备',
  '/huawei/recycle': '华为回收站',
  '/huawei/detail': '华为设备详情',
  '/mi/device': '小米设备',
  '/mi/recycle': '小米回收站',
  '/user/business': '下级公司',
  '/user/staff': '员工管理',
  '/account/ios': '苹果额度记录',
  '/account/huawei': '华为额度记录',
  '/sys': '角色管理',
  '/center': '个人中心',
  '/certificate': '证书管理',
  '/contract': '合同管理',
  '/blacklist': '黑名单',
  '/announcement': '公告管理',
  '/announcement/create': '新建公告',
  '/announcement/edit': '编辑公告',
  '/access': '访问密钥',
  '/userRegister': '注册审核',
} as const

export type RoutePath = keyof typeof routeTitles

/** Shorter titles for pages shown inside a menu group (the group already says which family). */
export const menuTitles: Partial<Record<RoutePath, string>> = {
  '/ios/device': '设备列表',
  '/ios/recycle': '回收站',
  '/ios/detail': '设备详情',
  '/huawei/device': '设备列表',
  '/huawei/recycle': '回收站',
  '/huawei/detail': '设备详情',
  '/mi/device': '设备列表',
  '/mi/recycle': '回收站',
}

/** Titles of menu groups (type -1). */
export const menuGroupTitles = {
  ios: '苹果设备',
  huawei: '华为设备',
  mi: '小米设备',
  organization: '组织管理',
  quota: '额度管理',
  system: '系统管理',
} as const

/** Server log lines (operators read them in Chinese too). */
export const logMessages = {
  demoActive: '警告：演示账号已启用（admin / demo / demo-east / demo-west / demo-staff），请勿在生产环境使用',
  adminCreated: (password: string) => `已创建平台管理员 admin，初始密码：${password}（仅显示一次，请立即修改）`,
  listening: (url: string) => `服务已启动：${url}`,
  captchaFixed: '警告：MDM_CAPTCHA_ANSWER 已设置，所有验证码答案固定，仅供测试使用',
  captchaFixedInProduction: 'NODE_ENV=production 时不允许设置 MDM_CAPTCHA_ANSWER',
} as const

/** Texts of the shared domain rules (src/shared/domain) and of the components that show them. */
export const domainText = {
  /** SPEC §4 connection status. */
  connectionStatus: { success: '在线', warning: '不稳定', error: '离线' },
  validation: {
    decimal: '请输入有效的数字（不能以0开头）',
    decimal2: '请输入有效的数字，最多保留两位小数',
    integer: '请输入正整数',
    number: '只能输入数字',
    idCardFormat: '身份证号码应为18位，前17位为数字，最后一位为数字或X',
    idCardBirthDate: '身份证号码中的出生日期无效',
    idCardChecksum: '身份证号码校验位不正确',
    dateString: '请输入有效的日期，格式为 YYYY-M-D 或 YYYY/M/D',
    serialNumberRequired: '请输入序列号',
    expiryTimeMinute: '有效期只能填写不小于0的整数（分钟）',
  },
  /** SPEC §9: sizes from 1 TB on. */
  fileSizeOverLimit: '文件超过1TB',
  relativeTime: {
    justNow: '刚刚',
    ago: (amount: number, unit: string) => `${amount} ${unit}前`,
    later: (amount: number, unit: string) => `${amount} ${unit}后`,
    units: { year: '年', month: '个月', week: '周', day: '天', hour: '小时', minute: '分钟', second: '秒' },
  },
  /** Numerals and units of amounts written in Chinese capitals (SPEC §9). */
  chineseMoney: {
    digits: ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'],
    smallUnits: ['', '拾', '佰', '仟'],
    zero: '零',
    wan: '万',
    yi: '亿',
    yuan: '元',
    jiao: '角',
    fen: '分',
    whole: '整',
    negative: '负',
  },
  paging: {
    range: (from: number, to: number, total: number) => `${from}-${to} / 共 ${total} 条`,
    navLabel: '分页',
    previous: '上一页',
    next: '下一页',
    pageOf: (current: number, count: number) => `第 ${current} / ${count} 页`,
    pageSize: '每页',
    pageSizeOption: (size: number) => `${size} 条/页`,
    jumpTo: '跳至',
    jumpInputLabel: '跳转到的页码',
    jump: '跳转',
  },
  /** SPEC §3 restriction-profile switches. */
  strategy: {
    labels: {
      notAllowDefinitionLookup: '禁止查询词语释义',
      notAllowDiagnosticSubmission: '禁止提交诊断数据',
      notAllowEnterpriseAppTrust: '禁止信任企业级应用',
      notAllowEraseContentAndSettings: '禁止抹掉所有内容和设置',
      notAllowFilesNetworkDriveAccess: '禁止“文件”访问网络驱动器',
      notAllowFilesUSBDriveAccess: '禁止“文件”访问 USB 驱动器',
      notAllowHostPairing: '禁止与电脑配对',
      notAllowUIConfigurationProfileInstallation: '禁止手动安装描述文件',
      notAllowVPNCreation: '禁止添加 VPN 配置',
      forceEncryptedBackup: '强制加密备份',
      forceAutomaticDateAndTime: '强制自动设置日期与时间',
      notAllowAccountModification: '禁止修改账户',
      notAllowLeaveRemoteManagement: '禁止退出远程管理',
      notAllowFindMyDevice: '禁止使用“查找”',
      notAllowSetDns: '禁止修改 DNS 设置',
    },
    expiryTimeMinute: '策略有效期（分钟）',
    expiryTimeMinuteHint: '填 0 表示长期有效',
  },
} as const

/** Quota accounts (SPEC §3, §7 Quota). */
export const quotaMessages = {
  typeName: (type: 'IOS' | 'HUAWEI') => (type === 'IOS' ? '苹果' : '华为'),
  notOpened: (type: 'IOS' | 'HUAWEI') => `${type === 'IOS' ? '苹果' : '华为'}服务尚未开通，请先开通后再添加设备`,
  insufficient: (type: 'IOS' | 'HUAWEI', remaining: number) =>
    `${type === 'IOS' ? '苹果' : '华为'}额度不足（剩余 ${remaining}），请先增加额度`,
  badQuantity: '修改数量必须是非零整数',
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
