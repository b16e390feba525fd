/**
 * Re-authentication before commands that cannot be undone (issue #10). Apart from the audit trail's texts (audit.ts):
 * every device list asks for it, and carries these alone (issue #16).
 */
const enterIt = '请输入二级密码'

export const secondaryPasswordText = {
  required: enterIt,
  wrong: '二级密码错误',
  title: enterIt,
  content: '此操作不可撤销，请输入二级密码确认',
  placeholder: '二级密码',
  confirm: '确认',
  cancel: '取消',
  /** Issue #43 item 2: an account without one is refused, and led to set it first, in place. */
  notSet: '请先设置二级密码',
  notSetHint: '此操作不可撤销，需输入二级密码确认。您还未设置二级密码，请先设置（设置后继续当前操作）。',
  setAndContinue: '设置并继续',
  /** The red button of a command that cannot be undone names it and the device. */
  confirmOn: (action: string, serial: string) => `${action} ${serial}`,
  deviceAway: '设备当前未连接，指令将在设备重新连接后执行。',
} as const
