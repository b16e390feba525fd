/**
 * SPEC §2: /announcement/create and /announcement/edit are one page, and the announcement being edited is read from
 * a browser-stored value (as the Apple detail keeps `device-id`), named `announcement-id`.
 */
const STORAGE_KEY = 'announcement-id'

export function rememberEditedAnnouncement(id: number): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(id))
  } catch {
    // storage full or refused: the edit page then says there is nothing to edit
  }
}

export function editedAnnouncement(): number | undefined {
  try {
    const id = Number(localStorage.getItem(STORAGE_KEY))
    return Number.isSafeInteger(id) && id > 0 ? id : undefined
  } catch {
    return undefined
  }
}
