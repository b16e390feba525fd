/**
 * The dashboard (/dashboard, issue #15): every Chinese text of its figures, charts and tables.
 * What each figure means is written down in docs/dashboard.md.
 */
import { uiText } from './common'
import { deviceText } from './devices'
import { domainText } from './domain'
import { announcementText } from './announcement'
import { organizationText } from './organization'

const status = domainText.connectionStatus

export const dashboardText = {
  subAccountsBossOnly: '仅主账号可查看子账号列表',
  daysOutOfRange: (max: number) => `趋势天数须为 1 到 ${max} 之间的整数`,
  monthsOutOfRange: (max: number) => `月份数须为 1 到 ${max} 之间的整数`,
  unknownModel: '未知型号',
  otherModels: '其他型号',

  // Console
  families: { IOS: '苹果', HUAWEI: '华为', MI: '小米' },
  totalDevices: '设备总数',
  onlineNow: '当前在线',
  offline24h: '离线24小时以上',
  lostMode: '丢失模式',
  commandsToday: '今日指令',
  /**
   * One part of a family's line (在线 3 · 不稳定 1 · 离线 2), in the device lists' words for the same SPEC §4 status
   * (one status, one name), each a link to the family's list of that status (issue #43). */
  familyStatusPart: (key: 'success' | 'warning' | 'error', count: number) => `${status[key]} ${count}`,
  byFamily: '各类设备',
  trendTitle: '近12天新增与脱管',
  histogramTitle: '近12个月新增与脱管',
  seriesAdd: '新增',
  seriesAbmOut: '脱管',
  pieTitle: '设备构成',
  abmOutShare: '已脱管',
  simShare: '有SIM卡',
  ofTotal: (n: number, total: number) => `${n} / ${total} 台`,
  modelTitle: '型号分布',
  noDevicesYet: '还没有设备：添加或接入设备后，这里会显示统计',
  /** The pie block of a fleet without devices (the panel above already says why). */
  noPieData: '暂无设备，暂无占比数据',
  chartLoading: '图表加载中…',
  chartFailed: '图表加载失败，请检查网络后下拉刷新',
  noTrend: '这段时间没有新增或脱管的设备',
  subAccountsTitle: '子账号',
  subAccountDevices: '设备',
  /** Column heads in words: a narrow column breaks them between words (苹果 / 剩余额度), not inside one. */
  subAccountIosQuota: ['苹果', '剩余额度'],
  subAccountHuaweiQuota: ['华为', '剩余额度'],
  notOpened: '未开通',
  disabled: organizationText.company.disabledSuffix,
  noSubAccounts: '还没有下级公司',
  offlineTitle: '离线24小时以上的设备',
  neverCommunicated: deviceText.neverCommunicated,
  lastCommunication: deviceText.lastCommunicationTime,
  noOfflineDevices: '没有离线24小时以上的设备',
  announcementsTitle: '最新公告',
  announcementsMore: '全部公告',
  noAnnouncements: announcementText.empty,
  unread: '未读',
  loadFailed: '看板数据加载失败，请检查网络后下拉刷新',
  retry: uiText.retry,
  noAuthority: '您的角色未包含“首页看板”权限，请联系管理员开通，或从菜单进入其他页面',
  apnsExpiring: (days: number) => `APNs 推送证书将在 ${days} 天后到期，到期后将无法唤醒苹果设备，请尽快在“证书管理”中上传新证书`,
  apnsExpired: 'APNs 推送证书已过期，苹果设备无法被唤醒，请立即在“证书管理”中上传新证书',
  apnsOpen: '去更新',
  pullToRefresh: uiText.pullToRefresh.pulling,
  releaseToRefresh: uiText.pullToRefresh.canRelease,
  refreshing: uiText.pullToRefresh.refreshing,
  refreshed: uiText.pullToRefresh.complete,
  cachedAt: (time: string) => `离线：显示的是 ${time} 缓存的数据`,
  pageOf: (current: number, pages: number) => `${current} / ${pages}`,
  prevPage: domainText.paging.previous,
  nextPage: domainText.paging.next,
} as const
