/** Fleet-wide commands (issue #44): one request for every device a search matches. */
export const fleetText = {
  commands: {
    IOS: { openPayMode: '开启支付模式', closePayMode: '关闭支付模式' },
    AGENT: { lockScreen: '锁屏', unlockScreen: '解锁' },
  },
  queued: (total: number) => `已为 ${total} 台设备下发指令`,
  noDevices: '没有符合条件的设备，请调整搜索条件',
  tooMany: (max: number) => `符合条件的设备超过 ${max} 台，请缩小搜索范围后分批下发`,
  countChanged: (expected: number, found: number) => `符合条件的设备已从 ${expected} 台变为 ${found} 台，请刷新列表确认后再下发`,
  batchNotFound: '批量指令不存在',
  wrongCommand: '该设备类型不支持此批量指令',
  auditSummary: (label: string, total: number) => `批量${label}：${total} 台设备`,
} as const
