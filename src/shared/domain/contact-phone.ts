/**
 * A phone a finder can call, as lost mode's lock screen shows it (SPEC §7 'Phrases'): a mobile number (11 digits,
 * starting with 1), a landline with its area code (010-12345678), or a 400/800 service number; spaces and dashes are
 * allowed between groups. Without zod: the contract validates with it, and the lost-mode dialog checks what is typed
 * before the command is sent, so that a refused number is said in the dialog and what was typed is kept.
 */
const CONTACT_PHONE = /^(?:1\d{10}|0\d{2,3}-?\d{7,8}|[48]00-?\d{3}-?\d{4})$/

/** The phone as it is stored and sent: without spaces. */
export function normalizeContactPhone(value: string): string {
  return value.replace(/\s+/g, '')
}

export function isContactPhone(value: string): boolean {
  return CONTACT_PHONE.test(normalizeContactPhone(value))
}
