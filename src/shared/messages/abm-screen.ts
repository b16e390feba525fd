/**
 * Issue #42: the console's Apple Business Manager screen (/ios/abm, 苹果设备 menu group) and the dashboard's token
 * warning. The server's own texts (refusals, Apple's words) are in abm.ts.
 */
export const abmScreenText = {
  menuTitle: '苹果商务管理',
  steps: [
    '1. 下载本公司的公钥证书（.pem）',
    '2. 登录苹果商务管理（business.apple.com）→ 偏好设置 → 你的 MDM 服务器（或“添加 MDM 服务器”），上传该公钥证书，再点击“下载令牌”',
    '3. 在下方上传下载的服务器令牌（.p7m）。令牌每年到期：到期前在苹果商务管理中下载新令牌，在此上传即可',
  ],
  linkTitle: '连接苹果商务管理',
  /** Linked: the same steps, folded, for the yearly renewal of the token (or another MDM server). */
  renewTitle: '更新服务器令牌（续期或更换 MDM 服务器）',
  downloadKey: '下载公钥证书',
  publicKeyFileName: 'abm-public-key.pem',
  tokenFile: '服务器令牌（.p7m）',
  uploadToken: '上传令牌',
  chooseToken: '请选择服务器令牌文件（.p7m）',
  stateTitle: '连接状态',
  notLinked: '未连接',
  org: '组织',
  server: 'MDM 服务器',
  orgContact: '组织联系方式',
  tokenExpiry: '令牌到期',
  daysLeft: (days: number) => (days < 0 ? '已过期' : `剩余 ${days} 天`),
  /** The screen's and the dashboard's warning, 30 days before the server token ends (ABM_TOKEN_WARNING_DAYS). */
  expiring: (days: number) =>
    days < 0 ? 'ABM 服务器令牌已过期：无法再同步设备，请在苹果商务管理中下载新令牌并上传' : `ABM 服务器令牌将在 ${days} 天后到期，请在苹果商务管理中下载新令牌并上传`,
  renewOpen: '去更新',
  lastSync: '最近同步',
  never: '从未同步',
  lastError: '同步错误',
  devices: '设备',
  deviceCount: (all: number, enrolled: number) => `${all} 台，已激活 ${enrolled} 台`,
  profile: '自动注册描述文件',
  profileNone: '尚未定义（首次同步时定义）',
  syncNow: '立即同步',
  syncResult: (r: { full: boolean; added: number; modified: number; deleted: number; assigned: number }) =>
    `${r.full ? '全量获取' : '增量同步'}：新增 ${r.added} 台，变更 ${r.modified} 台，移除 ${r.deleted} 台，分配描述文件 ${r.assigned} 台`,
  deviceList: 'ABM 设备',
  empty: '暂无 ABM 设备：连接后点击“立即同步”',
  model: '型号',
  color: '颜色',
  os: '系统',
  profileStatus: '描述文件',
  assignError: '分配失败',
  assignedDate: '分配到本服务器',
  assignedBy: '分配人',
  enrolledAt: '激活时间',
  enrolled: '已激活',
  pending: '待激活',
  removed: '已从 ABM 移除',
  disownStatus: '解除 ABM',
  openDevice: '设备详情',
} as const
