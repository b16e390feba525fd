/**
 * The device list as the user last saw it, painted when the app opens before its scripts have run (issue #16: an
 * installed app opened offline shows its cached list in well under a second on a slow phone, where loading and
 * running the app's code takes two).
 *
 * A device list saves what it shows (components/device/list-snapshot.ts) (the page with its first cards, as markup, with the stylesheets it needs) once it
 * has rendered; index.html's snapshot script paints that markup over the page when the app is opened again at the same address
 * by the same user with the same version of the app, and the app takes it away as soon as its own screen is there.
 * It is a picture: inert, hidden from assistive technology, and never more than the persisted query cache already
 * holds (the cards show no field that cache leaves out: persist.ts REDACTED_FIELDS).
 */
/** The localStorage key; index.html's snapshot script reads it (the two are kept in step by list-snapshot.test.ts). */
export const SNAPSHOT_KEY = 'mdm_snapshot'
/** The element index.html's snapshot script paints. */
export const SNAPSHOT_OVERLAY_ID = 'boot-snapshot'

/** Takes the painted list away: the app's own screen is up (or another screen is). */
export function dropBootSnapshot(): void {
  document.getElementById(SNAPSHOT_OVERLAY_ID)?.remove()
}

/** Forgets the saved list (sign-out, another user); a save already scheduled finds no signed-in user and stops. */
export function forgetBootSnapshot(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(SNAPSHOT_KEY)
  } catch {
    // No storage.
  }
}
