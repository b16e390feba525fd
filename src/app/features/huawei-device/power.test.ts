// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { powerText, RESTART_GRACE_MS } from './power'
import { agentCommands } from './commands'

const NOW = Date.parse('2026-11-27T12:00:00Z')
const seen = (state: DeviceRecord['state'], agoMs = 60_000) => ({ state, lastCommunicationTime: new Date(NOW - agoMs).toISOString() }) as DeviceRecord
const reason = (name: string, device: DeviceRecord) => agentCommands.find((c) => c.name === name)!.unavailable!(device)

describe('a Huawei or Mi phone’s power as shown', () => {
  it('is on, off, or restarting after a reboot until its next poll; nothing when not reported', () => {
    expect(powerText(seen({ poweredOn: true }), NOW)).toBe('开机')
    expect(powerText(seen({ poweredOn: true, restarting: false }), NOW)).toBe('开机')
    expect(powerText(seen({ poweredOn: false }), NOW)).toBe('关机')
    expect(powerText(seen({ poweredOn: false, restarting: false }), NOW)).toBe('关机')
    expect(powerText(seen({ poweredOn: false, restarting: true }), NOW)).toBe('重启中')
    expect(powerText(seen({}), NOW)).toBeUndefined()
    // A device never seen reported nothing, whatever is stored for it.
    expect(powerText({ state: { poweredOn: false }, lastCommunicationTime: null }, NOW)).toBeUndefined()
  })

  it('is off once a rebooted phone has not come back for a while', () => {
    expect(powerText(seen({ poweredOn: false, restarting: true }, RESTART_GRACE_MS - 1000), NOW)).toBe('重启中')
    expect(powerText(seen({ poweredOn: false, restarting: true }, RESTART_GRACE_MS), NOW)).toBe('关机')
  })

  it('says why 重启 and 关机 wait: restarting, or off', () => {
    const now = Date.now()
    const recent = (state: DeviceRecord['state']) => ({ state, lastCommunicationTime: new Date(now - 1000).toISOString() }) as DeviceRecord
    for (const name of ['reboot', 'shutdown']) {
      expect(reason(name, recent({ poweredOn: true }))).toBeNull()
      expect(reason(name, recent({ poweredOn: false, restarting: true }))).toBe('设备正在重启，重新连接后才能执行关机或重启')
      expect(reason(name, recent({ poweredOn: false }))).toBe('设备已关机，开机后才能执行关机或重启')
    }
  })
})
