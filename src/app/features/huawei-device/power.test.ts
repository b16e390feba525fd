// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { powerText } from './area'
import { agentCommands } from './commands'

const seen = (state: DeviceRecord['state']) => ({ state, lastCommunicationTime: new Date().toISOString() }) as DeviceRecord
const reason = (name: string, device: DeviceRecord) => agentCommands.find((c) => c.name === name)!.unavailable!(device)

describe('a Huawei or Mi phone’s power as shown', () => {
  it('is on, off, or restarting after a reboot until its next poll; nothing when not reported', () => {
    expect(powerText({ poweredOn: true })).toBe('开机')
    expect(powerText({ poweredOn: true, restarting: false })).toBe('开机')
    expect(powerText({ poweredOn: false })).toBe('关机')
    expect(powerText({ poweredOn: false, restarting: false })).toBe('关机')
    expect(powerText({ poweredOn: false, restarting: true })).toBe('重启中')
    expect(powerText({})).toBeUndefined()
  })

  it('says why 重启 and 关机 wait: restarting, or off', () => {
    for (const name of ['reboot', 'shutdown']) {
      expect(reason(name, seen({ poweredOn: true }))).toBeNull()
      expect(reason(name, seen({ poweredOn: false, restarting: true }))).toBe('设备正在重启，重新连接后才能执行关机或重启')
      expect(reason(name, seen({ poweredOn: false }))).toBe('设备已关机，开机后才能执行关机或重启')
    }
  })
})
