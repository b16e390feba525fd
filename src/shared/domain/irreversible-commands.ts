/**
 * Commands that cannot be undone (issue #10): the server asks for the account's secondary password before it queues
 * one, when the account has set one. Each device family adds its own names here (Apple: erase, remove supervision,
 * disown, remove activation lock).
 */
export const irreversibleCommands: ReadonlySet<string> = new Set([
  // Huawei / Mi agent commands
  'restoreSettings',
  'exitControl',
  // Apple 'my device' commands: 一键抹掉, 删除监管, 解除ABM, 删除激活锁
  'deviceErase',
  'removeProfile',
  'disownDevice',
  'disableActivationLock',
])

export function isIrreversibleCommand(name: string): boolean {
  return irreversibleCommands.has(name)
}
