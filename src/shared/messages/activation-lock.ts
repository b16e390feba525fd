/**
 * Issue #42: 删除激活锁 (disableActivationLock) through Apple's device services with an escrowed bypass code, and the
 * bypass code escrowed with Apple Business Manager when 下发激活锁 locks an ABM device. Apple's own answer is shown
 * beside ours, as Apple gave it.
 */
export const activationLockText = {
  noPushCertificate: '未配置苹果推送证书（APNs），无法删除激活锁：苹果的设备服务以推送证书识别服务器，请先在证书页上传',
  noBypassCode: '没有该设备的激活锁绕过码：设备未受监管或尚未返回绕过码，请在设备联网后重试',
  notSupervised: '设备未受监管，无法删除激活锁',
  refused: (detail: string) => `苹果拒绝删除激活锁：${detail}`,
  unreachable: '无法连接苹果的设备服务，请稍后重试',
  escrowRefused: (word: string) => `苹果商务管理未接受该设备的激活锁绕过码：${word}`,
} as const
