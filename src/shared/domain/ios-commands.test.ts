import { describe, expect, it } from 'vitest'
import { appleDeviceText } from '../messages/apple'
import { iosCommandAvailability, iosCommandRefusal, myDeviceCommandNames, type IosCommandSubject } from './ios-commands'

const why = appleDeviceText.unavailable

/** An enrolled, supervised device in use, lost mode off: the builder every case starts from. */
function makeDevice(overrides: Partial<IosCommandSubject> = {}): IosCommandSubject {
  return { recycleStatus: false, enrolled: true, wiped: false, supervised: true, lostStatus: false, payMode: false, unlockTokenReported: true, ...overrides }
}

const unavailable = (device: IosCommandSubject) =>
  Object.fromEntries(Object.entries(iosCommandAvailability(device)).filter(([, a]) => !a.available).map(([n, a]) => [n, 'reason' in a ? a.reason : '']))

describe('iosCommandAvailability', () => {
  it('answers every command of SPEC §7', () => {
    expect(Object.keys(iosCommandAvailability(makeDevice())).sort()).toEqual([...myDeviceCommandNames].sort())
  })

  it('an enrolled supervised device out of lost mode can take everything but the lost-mode-only and pay-mode-only commands', () => {
    expect(unavailable(makeDevice())).toEqual({
      deviceLocation: why.notInLostMode,
      playLostModeSound: why.notInLostMode,
      disableLostMode: why.notInLostMode,
      closePayMode: why.notInPayMode,
    })
  })

  it('in lost mode location and sound are available; in pay mode closing it is too', () => {
    expect(unavailable(makeDevice({ lostStatus: true }))).toEqual({ closePayMode: why.notInPayMode })
    expect(unavailable(makeDevice({ lostStatus: true, payMode: true }))).toEqual({})
  })

  it('a recycled device takes nothing, whatever else is true', () => {
    const all = unavailable(makeDevice({ recycleStatus: true, lostStatus: true }))
    expect(Object.keys(all)).toHaveLength(myDeviceCommandNames.length)
    expect(new Set(Object.values(all))).toEqual(new Set([why.recycled]))
  })

  it('a device not enrolled yet takes no MDM command; the Apple Business Manager calls do not need enrollment', () => {
    const all = unavailable(makeDevice({ enrolled: false }))
    expect(Object.keys(all).sort()).toEqual(myDeviceCommandNames.filter((n) => n !== 'disownDevice' && n !== 'disableActivationLock').sort())
    expect(all.checkNetwork).toBe(why.notEnrolled)
  })

  it('a wiped device says so rather than only that it is not enrolled', () => {
    expect(iosCommandRefusal(makeDevice({ enrolled: false, wiped: true }), 'enableLostMode')).toBe(why.wiped)
  })

  it('refuses the supervised-only commands once the device reported it is not supervised, not while that is unknown', () => {
    const refused = unavailable(makeDevice({ supervised: false, lostStatus: true, payMode: true }))
    expect(refused).toEqual({
      activationLock: why.notSupervised,
      disableActivationLock: why.notSupervised,
      enableLostMode: why.notSupervised,
      disableLostMode: why.notSupervised,
      showActivationLockPassword: why.notSupervised,
      openPayMode: why.notSupervised,
      closePayMode: why.notSupervised,
      playLostModeSound: why.notSupervised,
      scheduleOSUpdate: why.notSupervised,
      deviceLocation: why.notSupervised,
    })
    expect(iosCommandRefusal(makeDevice({ supervised: null }), 'enableLostMode')).toBeNull()
  })

  it('clearPasscode waits for the UnlockToken', () => {
    expect(iosCommandRefusal(makeDevice({ unlockTokenReported: false }), 'clearPasscode')).toBe(why.noUnlockToken)
  })
})
