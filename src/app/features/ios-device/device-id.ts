/** The detail's page parameter, and SPEC §2's browser-stored value of the viewed device (device-id). */
export const IOS_DEVICE_ID_PARAM = 'device-id'
const STORAGE_KEY = 'device-id'

export function rememberViewedDevice(id: number): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(id))
  } catch {
    // storage full or refused: the link still carries the id
  }
}

/** The device last viewed here, for /ios/detail opened without a device in its link. */
export function lastViewedDevice(): number | undefined {
  try {
    const id = Number(localStorage.getItem(STORAGE_KEY))
    return Number.isSafeInteger(id) && id > 0 ? id : undefined
  } catch {
    return undefined
  }
}
