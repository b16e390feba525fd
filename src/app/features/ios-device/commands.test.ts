import { describe, expect, it } from 'vitest'
import { iosCommands } from './commands'

describe('the Apple commands’ confirmations', () => {
  it('name the device in every question', () => {
    const questions = iosCommands.map((c) => c.confirm?.('F2LXTEST0001')).filter((step) => step && 'text' in step)
    expect(questions.length).toBeGreaterThan(5)
    for (const step of questions) expect(step).toMatchObject({ text: expect.stringContaining('F2LXTEST0001') })
  })

  it('say what 一键下锁 does: the screen locks now, with the company’s notice on it', () => {
    const step = iosCommands.find((c) => c.name === 'oneClickLockDown')!.confirm!('F2LXTEST0001')
    expect(step).toEqual({ text: '将立即锁定设备 F2LXTEST0001 的屏幕，并在锁屏上显示“本设备已被锁定，请联系设备所属公司”。确定继续吗？' })
  })
})
