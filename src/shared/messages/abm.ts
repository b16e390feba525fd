/**
 * Issue #42: the company's link to Apple Business Manager (ABM): its token-exchange certificate, the server token,
 * the device sync, the automated-enrollment profile and 解除ABM. Apple's own words (NOT_ACCESSIBLE, FAILED, …) are
 * shown beside ours, as Apple gave them.
 */
export const abmText = {
  /** The screen and authority name in the 苹果设备 menu group. */
  title: '苹果商务管理（ABM）',
  companyOnly: '仅公司账号可以连接苹果商务管理（ABM）',
  notLinked: '尚未连接苹果商务管理（ABM），请先上传服务器令牌',
  // The server token (.p7m) upload.
  tokenDamaged: '服务器令牌文件已损坏或格式不正确，请从苹果商务管理重新下载令牌（.p7m）',
  tokenOtherKey: '该服务器令牌不是用本公司的公钥加密的：请在苹果商务管理的 MDM 服务器设置中上传本页的公钥证书后重新下载令牌',
  tokenNoCertificate: '请先下载公钥证书并上传到苹果商务管理，再上传服务器令牌',
  tokenIncomplete: '服务器令牌内容不完整（缺少 consumer_key、consumer_secret、access_token 或 access_secret）',
  tokenExpired: (at: string) => `该服务器令牌已于 ${at} 过期，请在苹果商务管理中下载新的令牌`,
  tokenRefused: (detail: string) => `苹果商务管理拒绝了该服务器令牌：${detail}`,
  tokenLinked: '已连接苹果商务管理',
  tokenTooLarge: '服务器令牌文件过大',
  // Calls of Apple's device-assignment API.
  appleUnreachable: (detail: string) => `无法连接苹果商务管理服务：${detail}`,
  appleError: (status: number, detail: string) => `苹果商务管理服务返回错误（${status}）：${detail}`,
  appleBusy: '苹果商务管理服务繁忙，请稍后再试',
  tokenRejectedBySync: '苹果商务管理不再接受本公司的服务器令牌（已过期或被撤销），请上传新的令牌',
  syncDone: '同步完成',
  // 解除ABM.
  notAbmDevice: '该设备不在本公司的苹果商务管理设备中',
  disownFailed: (serial: string, word: string) => `苹果商务管理未能解除设备 ${serial}：${word}`,
  // Profile status and what Apple's words mean (shown with the word itself).
  profileStatus: { empty: '未分配', assigned: '已分配', pushed: '已推送', removed: '已移除' } as Record<string, string>,
  appleWords: {
    SUCCESS: '成功',
    NOT_ACCESSIBLE: '设备不属于本 MDM 服务器或已被移除',
    FAILED: '苹果处理失败',
    NOT_FOUND: '未找到该设备',
    T_C_NOT_SIGNED: '需要先在苹果商务管理中接受新的条款与条件',
    ACCESS_DENIED: '服务器令牌无权访问',
    UNAUTHORIZED: '服务器令牌无效或已过期',
  } as Record<string, string>,
} as const

/** Apple's word with our explanation when we have one: "NOT_ACCESSIBLE（设备不属于…）". */
export function appleWord(word: string): string {
  const meaning = abmText.appleWords[word]
  return meaning ? `${word}（${meaning}）` : word
}
