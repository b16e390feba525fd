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
} as const
