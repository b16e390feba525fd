import type { DeviceState } from '../../../shared/contract/agent'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as powerTexts } from '../../../shared/messages/devices'

type Reported = Pick<DeviceRecord, 'state' | 'lastCommunicationTime'>

/** A rebooted phone that has not polled again this long after its reboot's result did not come back: it reads 关机. */
export const RESTART_GRACE_MS = 10 * 60_000

type Power = 'on' | 'off' | 'restarting'

/** Its power: on, off, or restarting (off after a reboot, until its next poll, for a while); undefined when not reported. */
export function powerOf(device: Reported, now: number): Power | undefined {
  const s = reportedState(device)
  if (s.poweredOn === undefined) return undefined
  if (s.poweredOn) return 'on'
  const since = device.lastCommunicationTime === null ? Infinity : now - Date.parse(device.lastCommunicationTime)
  return s.restarting && since < RESTART_GRACE_MS ? 'restarting' : 'off'
}

const powerWords: Record<Power, string> = { on: powerTexts.poweredOn, off: powerTexts.poweredOff, restarting: powerTexts.restarting }

export function powerText(device: Reported, now: number): string | undefined {
  const power = powerOf(device, now)
  return power && powerWords[power]
}

/** The state an agent reported; a device that never reached the server reported none (what is stored is a placeholder). */
export function reportedState(device: Reported): DeviceState {
  return device.lastCommunicationTime === null ? {} : device.state
}
