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
  copied: '已复制到剪贴板',
  copyFailed: '复制失败，请手动选择复制',
  menu: '菜单',
  darkMode: '深色模式',
  loading: '加载中…',
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
  '/audit': '操作日志',
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
  demoInProduction: 'NODE_ENV=production 时不允许启用演示模式（MDM_DEMO=on）：演示账号的密码是公开的',
  smsLogInProduction: '警告：MDM_SMS_PROVIDER=log，短信验证码将写入服务器日志，请勿在生产环境使用',
  configInvalid: (key: string, reason: string) => `配置项 ${key} 无效：${reason}`,
  secretKeyInvalid: 'MDM_SECRET_KEY 无效：应为 64 位十六进制数字，或 32 字节的 base64',
  secretKeyFileInvalid: (file: string) => `密钥文件 ${file} 无效：应为 64 位十六进制数字；请恢复原文件（更换后已保存的访问密钥将无法使用）`,
  secretsSealed: (keys: number, results: number) => `已加密此前明文保存的数据：访问密钥 ${keys} 个，锁屏密码结果 ${results} 条`,
  secretKeyCreated: (file: string) =>
    `已生成数据加密密钥 ${file}（用于加密访问密钥）：请与数据库分开备份；也可用 MDM_SECRET_KEY 提供`,
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
  },
} as const

/** Quota accounts (SPEC §3, §7 Quota). */
export const quotaMessages = {
  notOpened: (type: 'IOS' | 'HUAWEI') => `${type === 'IOS' ? '苹果' : '华为'}服务尚未开通，请先开通后再添加设备`,
  /** Adding a device: who can raise the quota depends on where the company sits. */
  insufficient: (type: 'IOS' | 'HUAWEI', remaining: number, topLevel: boolean) =>
    `${type === 'IOS' ? '苹果' : '华为'}额度不足（剩余 ${remaining}），请联系${topLevel ? '平台管理员' : '上级公司'}增加额度`,
  /** Giving quota to a child company: the giver's own balance is short. */
  transferShort: (type: 'IOS' | 'HUAWEI', remaining: number) =>
    `本公司${type === 'IOS' ? '苹果' : '华为'}额度不足（剩余 ${remaining}），无法转出这么多`,
  /** Taking quota back: the child holds less than asked for. */
  takeBackShort: (type: 'IOS' | 'HUAWEI', remaining: number) =>
    `该公司${type === 'IOS' ? '苹果' : '华为'}额度只剩 ${remaining}，最多可收回 ${remaining}`,
  badQuantity: '修改数量必须是非零整数',
  balanceTooLarge: (type: 'IOS' | 'HUAWEI', max: number, remaining: number) =>
    `${type === 'IOS' ? '苹果' : '华为'}额度最多 ${max}（当前剩余 ${remaining}），请减少修改数量`,
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

/** Server messages of the organization area: roles, companies, staff, quota, registrations, personal centre, access keys (issue #5). */
export const organizationMessages = {
  companyNameTaken: (name: string) => `已有名为「${name}」的同级公司，请换一个名称`,
  /** SPEC §8: the title of the dialog showing a reset password. */
  resetPasswordDone: '重置成功',
  roleNotFound: '角色不存在',
  companyNotFound: '公司不存在',
  staffNotFound: '员工不存在',
  accountNotFound: '账号不存在',
  registrationNotFound: '注册申请不存在',
  roleInUse: (count: number) => `该角色已分配给 ${count} 个账号，请先为这些账号更换角色后再删除`,
  roleNameTaken: '角色名称已存在',
  roleAuthorityInvalid: (code: string) => `权限“${code}”不存在或不能分配给该类型的角色`,
  authorityBeyondOwn: '不能授予超出自身权限的权限',
  targetBeyondOwn: '不能管理权限超出自身的角色或员工',
  roleOfOtherCompany: '只能选择该账号所属公司的角色',
  resetPasswordCompanyOnly: '只有公司账号可以重置员工密码，请联系公司负责人',
  changeOwnPhoneInCenter: '修改本人手机号需要短信验证，请到个人中心修改',
  companyRoleBossOnly: '只有老板账号可以管理公司角色',
  roleTypeMismatch: (type: 'COMPANY' | 'STAFF') => (type === 'STAFF' ? '只能选择员工角色' : '只能选择公司角色'),
  cannotResetSelf: '不能在这里重置自己的密码，请在个人中心修改',
  cannotDisableOwnCompany: '不能禁用自己的公司',
  cannotChangeSelf: '不能删除或禁用自己的账号',
  quotaOwnCompany: '不能修改自己公司的额度，请联系上级',
  huaweiNotOpenedFor: '该公司尚未开通华为服务，请先开通',
  registrationReviewed: '该注册申请已审核，不能重复审核',
  registrationNotEditable: '只能编辑待审核的注册申请',
  oldPasswordWrong: '原密码错误',
  loginPasswordWrong: '登录密码错误',
  samePassword: '新密码不能与原密码相同',
  samePhone: '新手机号与当前手机号相同',
  smsTooFrequent: (seconds: number) => `验证码发送过于频繁，请 ${seconds} 秒后再试`,
  smsTooMany: '验证码发送次数过多，请一小时后再试',
  smsCodeWrong: '短信验证码错误或已过期，请重新获取',
  smsText: (code: string, minutes: number) => `【MDM】您的验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本短信。`,
  smsLog: (phoneNumber: string, text: string) => `[短信] 发送至 ${phoneNumber}：${text}`,
  accessKeyExists: '已存在访问密钥，请重新生成或先删除',
  accessKeyMissing: '尚未创建访问密钥',
  ipWhiteListInvalid: (entry: string) => `IP 白名单中的“${entry}”不是有效的 IP 地址或网段`,
  ipWhiteListTooMany: (max: number) => `IP 白名单最多 ${max} 项`,
  openApiMissingHeaders: '缺少签名请求头：X-Access-Key、X-Timestamp、X-Nonce、X-Signature',
  openApiBadNonce: 'X-Nonce 必须是 8 到 64 位字母、数字、- 或 _',
  openApiStaleTimestamp: '请求时间戳无效或已过期（允许误差 5 分钟）',
  openApiInvalidKey: '访问密钥无效或已删除',
  openApiBadSignature: '签名校验失败',
  openApiReplayed: '该请求已处理过（nonce 重复）',
  openApiIpDenied: (ip: string) => `IP 地址 ${ip || '未知'} 不在访问密钥的白名单内`,
} as const

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
  /** A failure reason in the device's own words, which need not be Chinese. */
  deviceReason: (reason: string) => `设备返回：${reason}`,
} as const

/** Labels of the organization area's request fields, for validation sentences (contract/validation.ts reads fieldLabels). */
export const organizationFieldLabels: Record<string, string> = {
  roleId: '角色',
  roleType: '角色类型',
  authorityUserType: '权限类型',
  authorityIdList: '权限',
  companyId: '公司',
  targetCompanyId: '目标公司',
  bossId: '公司账号',
  staffId: '员工',
  bossName: '负责人',
  available: '启用状态',
  quantity: '数量',
  huawei: '华为标记',
  quotaType: '额度类型',
  kind: '记录类型',
  serialNumber: deviceText.serialNumber,
  platform: '设备类型',
  status: '审核状态',
  oldPassword: '原密码',
  newPassword: '新密码',
  secondaryPassword: '二级密码',
  confirmSecondaryPassword: '确认二级密码',
  code: '短信验证码',
  ipWhiteList: 'IP 白名单',
}
// Appended here rather than edited into fieldLabels above, so each area's additions stay in its own block.
Object.assign(fieldLabels, organizationFieldLabels)

/** Texts of the organization screens (issue #5). */
export const organizationText = {
  common: {
    empty: '暂无数据',
    loadFailed: '加载失败',
    search: '搜索',
    reset: '重置',
    edit: '编辑',
    delete: '删除',
    resetPassword: '重置密码',
    disabled: '已禁用',
    createdAt: '创建时间',
    newPasswordOf: (account: string) => `账号 ${account} 的新密码：`,
    newPasswordHint: '新密码只显示这一次，请立即告知账号使用人；该账号已在所有设备上退出登录。',
    newPasswordNoted: '我已记下',
  },
  staff: {
    add: '新增员工',
    addTitle: '新增员工',
    editTitle: '编辑员工',
    name: '姓名',
    role: '角色',
    noRole: '无角色',
    available: '启用账号',
    company: '所属公司',
    empty: '暂无员工',
    confirmDelete: (name: string) => `确定要删除员工“${name}”吗？删除后该账号无法再登录，其名下设备将变为未分配。`,
    confirmReset: (name: string) => `确定要重置员工“${name}”的密码吗？该员工将在所有设备上退出登录。`,
  },
  role: {
    add: '新增角色',
    addTitle: '新增角色',
    editTitle: '编辑角色',
    name: '角色名称',
    type: '角色类型',
    types: { COMPANY: '公司角色', STAFF: '员工角色' },
    allTypes: '全部类型',
    authorities: '权限',
    authorityCount: (count: number) => `${count} 项`,
    userCount: '使用账号数',
    empty: '暂无角色',
    confirmDelete: (name: string) => `确定要删除角色“${name}”吗？`,
  },
  company: {
    add: '新增下级公司',
    addTopLevel: '新增公司',
    addTitle: '新增公司',
    editTitle: '编辑公司',
    bossName: '负责人',
    role: '公司角色',
    roleHint: '不选择时拥有全部公司权限',
    allAuthorities: '全部权限',
    available: '启用公司',
    disabledSuffix: '（已禁用）',
    ownCompany: '本公司',
    account: '登录账号',
    iosRemaining: '苹果额度',
    huaweiRemaining: '华为额度',
    huaweiNotOpened: '未开通华为',
    devices: '设备列表',
    changeQuota: '修改额度',
    openHuawei: '开通华为',
    collapse: '收起下级',
    expand: (count: number) => `展开下级（${count}）`,
    childrenOf: (name: string) => `${name}的下级公司`,
    empty: '暂无公司',
    confirmReset: (name: string, username: string) => `确定要重置“${name}”的账号 ${username} 的密码吗？该账号将在所有设备上退出登录。`,
    confirmOpenHuawei: (name: string) => `确定为“${name}”开通华为服务吗？开通后可向其分配华为额度。`,
    quotaTitle: (name: string) => `修改额度：${name}`,
    quotaType: '额度类型',
    quotaTypes: { IOS: '苹果', HUAWEI: '华为' },
    direction: '操作',
    directions: { in: '增加（从本公司转入）', out: '收回（转回本公司）' },
    /** A top-level company: its quota comes from, and goes back to, the platform (the administrator's view). */
    platformDirections: { in: '增加（平台发放）', out: '收回（收回到平台）' },
    /** A company further down the tree: the quota moves between it and its own parent. */
    parentDirections: { in: '增加（从上级公司转入）', out: '收回（转回上级公司）' },
    quotaTypeRequired: '请选择额度类型',
    directionRequired: '请选择操作',
    quantity: '数量',
    platform: '设备类型',
    allPlatforms: '全部类型',
    platforms: { IOS: '苹果', HUAWEI: '华为', MI: '小米' },
    noDevices: '该公司暂无设备',
    devicesTitle: (name: string) => `${name}的设备`,
  },
  quota: {
    remaining: '剩余额度',
    notOpened: '尚未开通',
    /** The administrator has no quota account of its own: the page lists every company's records. */
    allCompaniesHint: '平台管理员没有自己的额度账户，以下为所有公司的额度记录；各公司的剩余额度见“下级公司”。',
    consumed: '累计消耗',
    kind: '记录类型',
    allKinds: '全部类型',
    kinds: { GRANT: '平台发放', TRANSFER_IN: '转入', TRANSFER_OUT: '转出', CONSUME: '设备消耗', REFUND: '平台收回' },
    empty: '暂无额度记录',
    remainingAfter: '变动后剩余',
    counterpart: '对方公司',
    company: '公司',
    operator: '操作人',
    time: '时间',
  },
  registration: {
    editTitle: '编辑注册申请',
    status: '审核状态',
    allStatuses: '全部状态',
    statuses: { PENDING: '待审核', APPROVED: '已通过', REJECTED: '未通过' },
    empty: '暂无注册申请',
    review: '审核',
    reviewTitle: '审核注册申请',
    reviewText: (company: string, username: string) => `“${company}”（用户名 ${username}）申请注册。通过后将创建该公司及其老板账号，申请人可使用注册时的密码登录。`,
    approve: '通过',
    reject: '不通过',
    confirmDelete: (company: string) => `确定要删除“${company}”的注册申请吗？已创建的公司不受影响。`,
    appliedAt: '申请时间',
    reviewedAt: '审核时间',
  },
  center: {
    security: '账号安全',
    changePassword: '修改密码',
    changePasswordHint: '修改后其他设备上的登录将失效',
    oldPassword: '原密码',
    newPassword: '新密码',
    otherSessionsEnd: '修改成功后，您在其他设备上的登录将全部失效，当前设备保持登录。',
    setSecondary: '设置二级密码',
    changeSecondary: '修改二级密码',
    secondaryHint: '二级密码用于确认重要操作，长度 6 到 32 位',
    loginPassword: '登录密码',
    secondaryPassword: '二级密码',
    confirmSecondary: '确认二级密码',
    secondarySet: '已设置',
    secondaryNotSet: '未设置',
    setSecondaryDone: '设置二级密码成功',
    changeSecondaryDone: '修改二级密码成功',
    changePhone: '修改手机号',
    currentPhone: (phone: string) => `当前手机号：${phone}`,
    newPhone: '新手机号',
    code: '短信验证码',
    /** Fits beside the send button at 360 px (请输入短信验证码 was cut off). */
    codePlaceholder: '6位数字',
    sendCode: '获取验证码',
    resendIn: (seconds: number) => `${seconds} 秒后重发`,
    codeSent: '验证码已发送，请查收短信',
  },
  access: {
    create: '创建密钥',
    createTitle: '创建访问密钥',
    name: '密钥名称',
    remark: '备注',
    remarkPlaceholder: '用途说明（选填）',
    ipWhiteList: 'IP 白名单',
    ipWhiteListHint: '多个地址用逗号分隔，支持 IPv4、IPv6 和网段（如 10.0.0.0/8）；留空表示不限制',
    ipWhiteListPlaceholder: '例如：203.0.113.10, 10.0.0.0/8',
    none: '尚未创建访问密钥',
    noneHint: '创建后即可通过开放接口查询设备、下发指令',
    active: '使用中',
    deleted: '已删除',
    accessKey: 'AccessKey',
    accessSecret: 'AccessSecret',
    masked: '••••••••••••••••',
    secretCleared: '密钥已删除，请重新创建',
    gmtCreate: '创建时间',
    anyIp: '不限制',
    show: '显示密钥',
    hide: '隐藏密钥',
    copyKey: '复制 AccessKey',
    copySecret: '复制 AccessSecret',
    refresh: '重新生成',
    confirmRefresh: '重新生成后，旧的 AccessKey 和 AccessSecret 立即失效，确定继续吗？',
    confirmDelete: '删除后密钥立即失效，使用它的系统将无法再调用开放接口，确定删除吗？',
    signing: {
      title: '签名说明',
      intro: '其他系统通过 /openapi/v1 调用开放接口，以访问密钥代替登录，权限和可见范围与创建密钥的账号相同。每个请求须带以下四个请求头：',
      headers: [
        { name: 'X-Access-Key', text: '本页显示的 AccessKey' },
        { name: 'X-Timestamp', text: '当前时间的毫秒时间戳，与服务器时间相差超过 5 分钟即被拒绝' },
        { name: 'X-Nonce', text: '每个请求新生成的 8 到 64 位字母、数字、- 或 _，用过的不能再用' },
        { name: 'X-Signature', text: '以 AccessSecret 为密钥，对下面的待签名字符串计算 HMAC-SHA256，取小写十六进制' },
      ],
      stringToSign: '待签名字符串（五项以换行符 \\n 连接）：',
      stringToSignValue: 'METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY',
      parts: 'METHOD 为大写请求方法（如 GET、POST）；PATH 为实际发送的路径及查询串，如 /openapi/v1/huawei/device/search?current=1；TIMESTAMP、NONCE 与请求头相同；BODY 为原始请求体，GET 请求为空字符串。',
      failures: '缺少请求头、时间戳过期、密钥无效或已删除、签名错误或 Nonce 重复时返回 401；来源 IP 不在白名单内或账号缺少相应权限时返回 403。',
    },
  },
} as const

/** Huawei and Mi devices: lists, detail, remote commands and the agent protocol (issue #6). */
export const huaweiDeviceText = {
  /** SPEC §9: the Huawei export is named as the device list. */
  exportFileName: '设备列表.xlsx',
  exportSheetName: '设备列表',
  /** Names of the remote commands of SPEC §7, as buttons and task-log rows show them. */
  commandLabels: {
    check: '检查设备',
    getDeviceInfo: '更新设备信息',
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
  chooseTarget: '请选择目标公司或员工',
  noMoveTargets: '没有可转移的目标',
  save: '保存',
  commands: '远程指令',
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
  pullToRefresh: '下拉刷新',
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
  serialInOtherCompany: '该序列号已登记在其他公司',
  deviceCredentialInvalid: '设备凭证无效，请重新接入',
  taskFinished: '任务已结束，不能重复上报结果',
  taskNotSent: '任务尚未下发给设备',
  resultTooLarge: '结果数据过大',
  resultTimeout: '设备未在规定时间内返回结果',
  queuedExpired: '设备长时间未连接，任务已过期',
} as const

/** Issue #11: the password rule (contract passwordSchema), shown beside the field before submit. */
export const passwordRuleText = '至少 8 个字符，须同时包含字母和数字'

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
  pending: '执行中',
  more: '更多',
  currentState: '当前状态',
  unknownState: '设备尚未上报状态',
  leftManagement: '设备已退出管控，不再接收指令',
  poweredOff: '设备已关机，开机后才能执行关机或重启',
  /** Offline, a cached card shows when its data was loaded and the status as of then. */
  cachedAt: (time: string) => `缓存于 ${time}`,
  statusAsOf: '状态截至缓存时',
  detailNotCached: '离线状态下无法打开该设备：此前未在本机查看过它的详情',
  filters: '筛选',
  jumpToTaskLog: '任务日志',
} as const

/** Labels of the device area's request fields, for validation sentences (contract/validation.ts reads fieldLabels). */
export const deviceFieldLabels: Record<string, string> = {
  deviceId: '设备编号',
  taskId: '任务编号',
  imei: 'IMEI',
  model: deviceText.model,
  osVersion: '系统版本',
  renterName: deviceText.renterName,
  renterPhone: '租用人手机号',
  renterIdCard: '租用人身份证号',
  rentRemark: '备注',
  recycleStatus: '回收状态',
  connectionStatus: '连接状态',
  targetStaffId: '目标员工',
  enrollmentToken: '接入令牌',
  credential: '设备凭证',
  reason: '失败原因',
  success: '执行结果',
  maxTasks: '任务数量',
  battery: '电量',
  runningApp: '当前应用',
  state: '设备状态',
  wipedAt: '恢复出厂时间',
  poweredOn: '开机状态',
  locked: '锁屏状态',
  passcodeSet: '锁屏密码状态',
  loggedIn: '登录状态',
  controlled: '管控状态',
  data: '执行结果数据',
}
Object.assign(fieldLabels, deviceFieldLabels)

/** The device simulator's command line and log lines (src/sim, issue #6). */
export const simulatorText = {
  answerOffContract: (path: string, detail: string) => `服务器对 ${path} 的应答不符合协议：${detail}`,
  usage: `用法：npx tsx src/sim/cli.ts --token <接入令牌> --serial <序列号> [选项]

  --server <地址>     服务器地址（默认 http://localhost:8080）
  --token <令牌>      公司的设备接入令牌（控制台“设备接入”生成）
  --serial <序列号>   设备序列号；与 --count 一起使用时作为前缀（SIM0001、SIM0002 …）
  --count <数量>      模拟的设备台数（默认 1）
  --platform <类型>   HUAWEI 或 MI（默认 HUAWEI，须与令牌一致）
  --passcode <密码>   设备的锁屏密码（默认无）
  --model <型号>      设备型号（默认 ALN-AL00）
  --interval <秒>     轮询间隔（默认按服务器要求）
  --once              只轮询一次然后退出
  --help              显示本说明`,
  started: (count: number) => `已启动 ${count} 台模拟设备，按 Ctrl-C 停止`,
  executed: (count: number) => `执行了 ${count} 个任务`,
  skipped: { poweredOff: '设备处于关机状态，本次未连接服务器（现已开机）', leftManagement: '设备已退出管控，不再连接服务器' },
  failed: (message: string) => `失败：${message}`,
  enrolled: (deviceId: number) => `已接入，设备编号 ${deviceId}`,
  poweredOn: '已开机',
  taskDone: (type: string) => `${type} → 已完成`,
  taskFailed: (type: string, reason: string) => `${type} → 执行失败（${reason}）`,
  pollFailed: (message: string) => `轮询失败：${message}`,
} as const

/** Server answers that are not about one area (src/server): limits, missing services, the unbuilt console. */
export const serverMessages = {
  /** The footer's ICP notice until MDM_ICP is set. */
  icpPlaceholder: '京ICP备00000000号-1',
  bodyTooLarge: '请求体过大',
  consoleNotBuilt: '控制台尚未构建，请运行 npm run build',
  assetNotFound: '文件不存在（控制台可能已更新，请刷新页面）',
  smsNotConfigured: '短信服务未配置，请联系管理员',
  registerTooFrequent: '注册申请过于频繁，请一小时后再试',
  enrollInProgress: '该序列号的设备正在接入，请稍后重试',
  /** Issue #10: the rate limiter's refusals; N is the minutes until the window ends. */
  loginLocked: (minutes: number) => `登录失败次数过多，请 ${minutes} 分钟后再试`,
  signatureLocked: (minutes: number) => `签名校验失败次数过多，请 ${minutes} 分钟后再试`,
  enrollLocked: (minutes: number) => `设备接入失败次数过多，请 ${minutes} 分钟后再试`,
  smsLocked: (minutes: number) => `发送验证码过于频繁，请 ${minutes} 分钟后再试`,
  /** Start-up refusal (read in a log, so English follows the Chinese). */
  dataFolderLocked: (folder: string, owner: string, lockFile: string) =>
    `数据目录 ${folder} 已被另一个进程（${owner}）打开，同一目录不能由两个进程同时使用。` +
    `The PGlite data folder ${folder} is already open in process ${owner}; it must never be opened by two processes. ` +
    `若该进程已不存在，请删除锁文件后重试 / If that process is gone, delete the lock file: ${lockFile}`,
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
} as const

/** Rules the contracts state themselves (src/shared/contract), and the name used when no field is named. */
export const contractMessages = {
  requestParams: '请求参数',
  usernameFormat: '用户名只能包含字母、数字和 _ . @ -',
  passwordTooShort: '密码长度不能少于8个字符',
  passwordLettersAndDigits: '密码必须同时包含字母和数字',
  phoneNumberFormat: '手机号必须是11位数字，以1开头',
  smsCodeFormat: '短信验证码是6位数字',
  passwordBlank: '密码不能全是空格',
  passwordCommon: '密码过于常见，容易被猜中，请换一个',
  passwordRepetitive: '密码过于简单，请不要只用重复的字符',
  passwordContainsUsername: '密码不能是用户名，也不能只在用户名前后加简单字符',
  /** Arrays or objects nested deeper than any real request (a nesting bomb). */
  nestedTooDeep: '请求内容嵌套过深',
} as const

/** Confirmations before disabling an account: saving signs it out at once (the server ends its sessions). */
export const disableText = {
  confirm: '禁用',
  staff: (name: string) => `保存后，员工“${name}”将在所有设备上退出登录，且不能再登录。确定禁用吗？`,
  company: (name: string, withChildren: boolean) =>
    withChildren
      ? `保存后，“${name}”及其下级公司的账号和员工都将退出登录，且不能再登录。确定禁用吗？`
      : `保存后，“${name}”的账号和员工都将退出登录，且不能再登录。确定禁用吗？`,
} as const

/** The audit trail (issue #10): action names, outcomes and the summaries the server writes. */
export const auditText = {
  actions: {
    'auth.login': '登录',
    'auth.logout': '退出登录',
    'device.add': '添加设备',
    'device.edit': '编辑设备',
    'device.recycle': '淘汰设备',
    'device.restore': '移出回收站',
    'device.move': '转移设备',
    'device.command': '设备指令',
    'device.release': '释放未接入的登记',
    'company.add': '新建下级公司',
    'company.update': '编辑公司',
    'company.resetPassword': '重置公司密码',
    'staff.add': '新增员工',
    'staff.update': '编辑员工',
    'staff.delete': '删除员工',
    'staff.resetPassword': '重置员工密码',
    'role.add': '新增角色',
    'role.update': '编辑角色',
    'role.delete': '删除角色',
    'quota.change': '修改额度',
    'quota.open': '开通华为',
    'access.create': '创建访问密钥',
    'access.refresh': '重新生成访问密钥',
    'access.delete': '删除访问密钥',
    'registration.approve': '审核通过',
    'registration.reject': '审核不通过',
    'registration.update': '编辑注册申请',
    'registration.delete': '删除注册申请',
    'center.password': '修改登录密码',
    'center.secondaryPassword': '设置二级密码',
    'center.phone': '修改手机号',
  },
  outcomes: { SUCCESS: '成功', REFUSED: '被拒绝' },
  actorKinds: { ADMIN: '管理员', BOSS: '老板', COMPANY: '下级公司', STAFF: '员工', ANONYMOUS: '未知账号', DEVICE: '设备' },
  title: '操作日志',
  allActions: '全部操作',
  actionLabel: '操作',
  actorLabel: '操作人',
  actorPlaceholder: '操作人用户名',
  fromLabel: '开始日期',
  toLabel: '结束日期',
  datePlaceholder: 'YYYY-MM-DD',
  addressLabel: '地址',
  reasonLabel: '原因',
  timeLabel: '时间',
  targetLabel: '对象',
  empty: '暂无操作记录',
  dateRangeInvalid: '开始日期不能晚于结束日期',
  device: (serial: string, command?: string) => (command ? `${serial}：${command}` : serial),
  company: (name: string) => `公司「${name}」`,
  staff: (name: string) => `员工「${name}」`,
  role: (name: string) => `角色「${name}」`,
  quota: (company: string, quantity: number, huawei: boolean) => `${company} ${huawei ? '华为' : '苹果'}额度 ${quantity > 0 ? '+' : ''}${quantity}`,
  registration: (username: string, company: string) => `${username}（${company}）`,
  released: (serial: string) => `序列号 ${serial} 已由其他公司的设备接入，本公司未接入的登记已移入回收站`,
} as const

/** Re-authentication before commands that cannot be undone (issue #10). */
export const secondaryPasswordText = {
  required: '请输入二级密码',
  wrong: '二级密码错误',
  title: '请输入二级密码',
  content: '此操作不可撤销，请输入二级密码确认',
  placeholder: '二级密码',
  confirm: '确认',
  cancel: '取消',
} as const

/** npm run backup / npm run restore (src/server/backup): what the operator reads in the terminal. */
export const backupText = {
  notPglite: '只能备份内置数据库（PGlite 数据目录）；PostgreSQL 请使用 pg_dump / pg_restore（见 README「备份与恢复」）',
  dataDirMissing: (dir: string) => `数据目录 ${dir} 不存在或为空，没有可备份的数据`,
  inUse: (lock: string) => `数据目录正被运行中的服务器使用（存在锁文件 ${lock}），请先停止服务器`,
  usage: '用法：npm run restore -- <备份文件.tar.gz> [--force]',
  archiveMissing: (file: string) => `备份文件 ${file} 不存在`,
  targetNotEmpty: (dir: string) => `数据目录 ${dir} 不为空；确认要覆盖请加 --force`,
  fileExists: (file: string) => `${file} 已存在且与备份中的不同；确认要覆盖请加 --force`,
  fileNotInBackup: (file: string) => `备份中没有 ${file}，已跳过`,
  keyFromEnvironment: '密钥来自环境变量 MDM_SECRET_KEY，未写入备份，请另行妥善保管',
  backedUp: (archive: string, files: number) => `已备份到 ${archive}（另有 ${files} 个文件在同名 .files 目录中）`,
  restored: (dir: string) => `已恢复到 ${dir}`,
  failed: (message: string) => `失败：${message}`,
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
  serialInOtherCompany: '该序列号的设备属于其他公司，无法注册',
  unknownMessageType: '不支持的签到消息类型',
  notEnrolled: '设备尚未通过 MDM 注册，无法下发指令',
  deviceNotFound: '设备不存在',
  unknownCommand: '不支持的指令',
  badParams: '指令参数不正确',
  noUnlockToken: '设备尚未上报解锁令牌，无法清除锁屏密码',
  commandFailed: '设备执行指令失败',
  commandFormatError: '设备无法识别该指令（格式错误）',
  webServiceNotConfigured: (what: string) => `未配置苹果商务管理（ABM）服务，无法${what}，请联系管理员`,
  disableActivationLock: '移除激活锁',
  disown: '解除ABM',
  payModeMessage: '请按时缴纳租金，缴费后设备将自动解锁',
  lockDownMessage: '本设备已被锁定，请联系设备所属公司',
  apnsNotConfigured: '未配置 APNs 推送证书（MDM_APNS_CERT_FILE / MDM_APNS_KEY_FILE）：苹果设备将在下次签到时取回指令',
  apnsFailed: (status: number | string, reason: string) => `APNs 推送失败：${status} ${reason}`,
  apnsConfigInvalid: 'MDM_APNS_CERT_FILE 与 MDM_APNS_KEY_FILE 须同时设置',
} as const
