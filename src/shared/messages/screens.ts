/**
 * What the screens' shared parts say (an empty or failed list, search and reset, edit, delete, a reset password), for
 * every area's screens. The organization's texts hold them as `organizationText.common`; here on their own, so that a
 * device list carries these and not every organization screen's texts (issue #16).
 */
export const screenText = {
  empty: '暂无数据',
  loadFailed: '加载失败',
  search: '搜索',
  reset: '重置',
  edit: '编辑',
  delete: '删除',
  resetPassword: '重置密码',
  /** SPEC §8: the title of the dialog showing a reset password. */
  resetPasswordDone: '重置成功',
  disabled: '已禁用',
  createdAt: '创建时间',
  newPasswordOf: (account: string) => `账号 ${account} 的新密码：`,
  newPasswordHint: '新密码只显示这一次，请立即告知账号使用人；该账号已在所有设备上退出登录。',
  newPasswordNoted: '我已记下',
} as const
