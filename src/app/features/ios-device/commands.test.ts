import { describe, expect, it } from 'vitest'
import { iosCommands } from './commands'

describe('the Apple commands’ confirmations', () => {
  it('name the device in every question', () => {
    for (const command of iosCommands) {
      const step = command.confirm?.('F2LXTEST0001')
      if (step && 'text' in step) expect(step.text, command.name).toContain('F2LXTEST0001')
    }
  })

  it('say what 一键下锁 does: the screen locks now, with the company’s notice on it', () => {
    const step = iosCommands.find((c) => c.name === 'oneClickLockDown')!.confirm!('F2LXTEST0001')
    expect(step).toEqual({ text: '将立即锁定设备 F2LXTEST0001 的屏幕，并在锁屏上显示“本设备已被锁定，请联系设备所属公司”。确定继续吗？' })
  })
})
