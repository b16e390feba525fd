import { successMessages } from './common'

/**
 * Announcements and the service agreement (issue #15).
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 */

/** Labels of the announcement and agreement request fields (fields.ts joins them). */
export const announcementFieldLabels: Record<string, string> = {
  title: '公告标题',
  content: '公告内容',
  top: '置顶',
  versionId: '合同版本',
  text: '合同内容',
  size: '条数',
}

export const announcementMessages = {
  notFound: '公告不存在或已被删除',
  added: '发布成功',
  updated: successMessages.edit,
  deleted: successMessages.delete,
} as const

export const announcementText = {
  add: '发布公告',
  edit: '编辑',
  delete: '删除',
  deleteConfirm: (title: string) => `确定删除公告「${title}」吗？删除后所有用户都将看不到它。`,
  empty: '暂无公告',
  titleLabel: '标题',
  titlePlaceholder: '请输入公告标题（不超过100个字符）',
  contentLabel: '内容',
  contentPlaceholder: '请输入公告内容（纯文本，不超过5000个字符）',
  topLabel: '置顶',
  topHint: '置顶的公告会在用户登录后弹出一次',
  top: '置顶',
  unread: '未读',
  read: '已读',
  publishedAt: '发布时间',
  updatedAt: '更新时间',
  author: '发布人',
  searchTitle: '标题',
  publish: '发布',
  save: '保存',
  back: '返回公告列表',
  close: '知道了',
  next: (left: number) => `下一条（还有${left}条）`,
  loadFailed: '公告加载失败，请检查网络后重试',
  /** /announcement/edit opened without an announcement stored to edit (SPEC §2: the id is a stored value). */
  noneToEdit: '没有选择要编辑的公告，请从公告列表点击“编辑”进入',
  popupTitle: '新公告',
  viewerTitle: '公告详情',
  open: (title: string) => `查看公告：${title}`,
} as const

export const agreementMessages = {
  notSet: '平台尚未设置合同内容',
  onlyBossAccepts: '只有主账号可以确认合同',
  outdated: '合同内容已更新，请阅读最新内容后再确认',
  accepted: '已确认合同',
  saved: successMessages.save,
} as const

export const agreementText = {
  title: '服务合同',
  version: '版本',
  updatedAt: '更新时间',
  acceptedAt: '确认日期',
  acceptedBy: '确认人',
  notAccepted: '尚未确认',
  acceptedOlder: (date: string) => `已于${date}确认旧版本，当前版本尚未确认`,
  accept: '我已阅读并同意本合同',
  confirmAccept: '确认',
  acceptConfirm: '确认后将记录确认人和确认时间，代表贵公司同意本合同的全部条款。确定确认吗？',
  acceptHint: '由主账号代表公司确认合同；下级公司可查看确认情况',
  waitBoss: '合同由主账号确认，请联系主账号',
  notSet: agreementMessages.notSet,
  edit: '编辑合同内容',
  editHint: '保存后生成新版本，各公司需要重新确认',
  contentLabel: '合同内容',
  contentPlaceholder: '请输入合同内容（纯文本，不超过20000个字符）',
  save: '保存并发布新版本',
  cancel: '取消',
  companyLabel: '公司',
  saved: agreementMessages.saved,
  accepted: agreementMessages.accepted,
} as const
