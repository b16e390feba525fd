import { appleDeviceText } from '../messages/apple'

/**
 * The commands of SPEC §7 (POST /myDevice/<name>). What each sends is the server's catalogue (protocol/apple/commands.ts).
 * Here, not in the contract (contract/my-device.ts), so that the Apple screens carry no zod (issue #16).
 */
export const myDeviceCommandNames = [
  'checkNetwork', 'clearPasscode', 'activationLock', 'removeProfile', 'disableActivationLock', 'enableLostMode',
  'disableLostMode', 'deviceErase', 'showActivationLockPassword', 'openPayMode', 'closePayMode', 'oneClickLockDown',
  'disownDevice', 'playLostModeSound', 'scheduleOSUpdate', 'deviceLocation', 'macLock', 'installedApplicationList',
] as const
export type MyDeviceCommandName = (typeof myDeviceCommandNames)[number]

/**
 * Which Apple commands a device can take now, and why not (issue #13). The console disables a button with the
 * reason; the server refuses the same command with the same reason (MyDeviceService.queue), so the two never drift.
 */

/** What a command needs of the device besides being in use (not recycled). */
export interface IosCommandNeeds {
  /** An MDM request: the device must be enrolled. The Apple Business Manager calls need no enrollment. */
  mdm: boolean
  /** Apple's schema: supportedOS.iOS.supervised. Refused only once the device reported it is not supervised. */
  supervised: boolean
  /** Only while lost mode is on (DeviceLocation, PlayLostModeSound, DisableLostMode). */
  lostMode?: true
  /** Only while pay mode is on. */
  payMode?: true
  /** ClearPasscode carries the UnlockToken from TokenUpdate. */
  unlockToken?: true
}

export const iosCommandNeeds: Readonly<Record<MyDeviceCommandName, IosCommandNeeds>> = {
  checkNetwork: { mdm: true, supervised: false },
  clearPasscode: { mdm: true, supervised: false, unlockToken: true },
  activationLock: { mdm: true, supervised: true },
  removeProfile: { mdm: true, supervised: false },
  disableActivationLock: { mdm: false, supervised: true },
  enableLostMode: { mdm: true, supervised: true },
  disableLostMode: { mdm: true, supervised: true, lostMode: true },
  deviceErase: { mdm: true, supervised: false },
  showActivationLockPassword: { mdm: true, supervised: true },
  openPayMode: { mdm: true, supervised: true },
  closePayMode: { mdm: true, supervised: true, payMode: true },
  oneClickLockDown: { mdm: true, supervised: false },
  disownDevice: { mdm: false, supervised: false },
  playLostModeSound: { mdm: true, supervised: true, lostMode: true },
  scheduleOSUpdate: { mdm: true, supervised: true },
  deviceLocation: { mdm: true, supervised: true, lostMode: true },
  macLock: { mdm: true, supervised: false },
  installedApplicationList: { mdm: true, supervised: false },
}

export type IosCommandAvailability = { available: true } | { available: false; reason: string }

/**
 * The fields of a device the rules read. Written out here rather than picked from the contract's IosDeviceRecord
 * (contract/my-device.ts, which a whole record satisfies): the contract stands above domain and imports it.
 */
export interface IosCommandSubject {
  recycleStatus: boolean
  enrolled: boolean
  wiped: boolean
  /** null until the device has reported it. */
  supervised: boolean | null
  lostStatus: boolean
  payMode: boolean
  unlockTokenReported: boolean
}

/** Why `name` cannot be sent to the device now, or null when it can. */
export function iosCommandRefusal(device: IosCommandSubject, name: MyDeviceCommandName): string | null {
  return iosNeedsRefusal(device, iosCommandNeeds[name])
}

/** Why a device cannot take a request with these needs now (the detail's profiles use it too), or null. */
export function iosNeedsRefusal(device: IosCommandSubject, needs: IosCommandNeeds): string | null {
  const why = appleDeviceText.unavailable
  if (device.recycleStatus) return why.recycled
  if (needs.mdm && device.wiped && !device.enrolled) return why.wiped
  if (needs.mdm && !device.enrolled) return why.notEnrolled
  // Unknown supervision (never reported) is not refused: the device itself answers if it is not.
  if (needs.supervised && device.supervised === false) return why.notSupervised
  if (needs.lostMode && !device.lostStatus) return why.notInLostMode
  if (needs.payMode && !device.payMode) return why.notInPayMode
  if (needs.unlockToken && !device.unlockTokenReported) return why.noUnlockToken
  return null
}

/** Every command of SPEC §7 'my device' with whether the device can take it now, and the reason when not. */
export function iosCommandAvailability(device: IosCommandSubject): Record<MyDeviceCommandName, IosCommandAvailability> {
  return Object.fromEntries(
    myDeviceCommandNames.map((name) => {
      const reason = iosCommandRefusal(device, name)
      return [name, reason === null ? { available: true } : { available: false, reason }]
    }),
  ) as Record<MyDeviceCommandName, IosCommandAvailability>
}
