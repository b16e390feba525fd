import { z } from 'zod'
import { validationMessages } from '../messages/common'
import { contractMessages } from '../messages/contract'
import { domainText } from '../messages/domain'
import { toTimestamp, type TimeInput } from './time'

/** A Chinese message for the user, or undefined when the value is acceptable. */
export type ValidationResult = string | undefined

/**
 * SPEC §5 patterns. They check the whole value, so an empty string never matches; whether a field
 * may stay empty is the form's decision, not the pattern's.
 */
const patterns = {
  integer: /^[1-9]\d*$/,
  number: /^\d+$/,
  idCard: /^\d{17}[\dXx]$/,
  dateString: /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/,
} as const

const check = (pattern: RegExp, message: string) => (value: string): ValidationResult =>
  pattern.test(value) ? undefined : message

export const validateInteger = check(patterns.integer, domainText.validation.integer)
export const validateNumber = check(patterns.number, domainText.validation.number)

/** SPEC §5: "Mismatch checks apply only to new records" — editing a company (it has an id) skips it. */
export function validateCompanyPasswordMatch(company: {
  id?: string | number | null
  password?: string
  confirmPassword?: string
}): ValidationResult {
  if (company.id != null && company.id !== '') return undefined
  return (company.password ?? '') === (company.confirmPassword ?? '')
    ? undefined
    : validationMessages.companyPasswordMismatch
}

export function validateNewPasswordMatch(newPassword: string, confirmPassword: string): ValidationResult {
  return newPassword === confirmPassword ? undefined : validationMessages.newPasswordMismatch
}

export function validateRegisterPasswordMatch(password: string, confirmPassword: string): ValidationResult {
  return password === confirmPassword ? undefined : validationMessages.registerPasswordMismatch
}

/** Passwords chosen by users are at least this long (SPEC §5 forms; issue #10). */
export const PASSWORD_MIN_LENGTH = 8

/**
 * The quick rule for a password a user chooses (registration, staff and company accounts, password change), checked
 * by the contracts in the forms and on the server: not empty or blank, long enough, letters and digits. Whether it is
 * easy to guess is the server's estimate (server/auth/password-strength.ts, issue #41 item 5), with dictionaries too
 * large for the console and the account's own details as context; a form shows its refusal at the field.
 */
export function validatePassword(password: string): ValidationResult {
  if (password.length === 0) return contractMessages.passwordRequired
  if (password.trim() === '') return contractMessages.passwordBlank
  if (password.length < PASSWORD_MIN_LENGTH) return contractMessages.passwordTooShort
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return contractMessages.passwordLettersAndDigits
  return undefined
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Whether year-month-day exists in the (proleptic) Gregorian calendar; there is no year 0. */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]
  return day <= days
}

export interface CalendarDate {
  year: number
  month: number
  day: number
}

/** SPEC §5: 'YYYY-M-D' or 'YYYY/M/D' (one separator throughout) naming a real date. */
export function parseDateString(value: string): CalendarDate | undefined {
  const match = patterns.dateString.exec(value)
  if (!match) return undefined
  const date = { year: Number(match[1]), month: Number(match[3]), day: Number(match[4]) }
  return isRealDate(date.year, date.month, date.day) ? date : undefined
}

/** Earliest birth year accepted in an ID card number. */
export const ID_CARD_MIN_BIRTH_YEAR = 1900

// GB 11643-1999: weights 2^(17-i) mod 11 of the first 17 digits; the sum mod 11 indexes the check character.
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CARD_CHECK_CHARACTERS = '10X98765432'

/** The check character (0-9 or X) of the first 17 digits of an ID card number. */
export function idCardCheckCharacter(first17Digits: string): string {
  const sum = ID_CARD_WEIGHTS.reduce((total, weight, index) => total + weight * Number(first17Digits[index]), 0)
  return ID_CARD_CHECK_CHARACTERS[sum % 11]
}

/**
 * SPEC §5 idCard: 18 characters (17 digits and a digit or X), a birth date (characters 7-14,
 * YYYYMMDD) that exists, is not before 1900 and not after today (local date of `now`), and the
 * GB 11643-1999 check character.
 */
export function validateIdCard(value: string, now: TimeInput = Date.now()): ValidationResult {
  if (!patterns.idCard.test(value)) return domainText.validation.idCardFormat
  const year = Number(value.slice(6, 10))
  const month = Number(value.slice(10, 12))
  const day = Number(value.slice(12, 14))
  const today = new Date(toTimestamp(now))
  const todayKey = today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate()
  if (!isRealDate(year, month, day) || year < ID_CARD_MIN_BIRTH_YEAR || year * 10_000 + month * 100 + day > todayKey) {
    return domainText.validation.idCardBirthDate
  }
  if (idCardCheckCharacter(value.slice(0, 17)) !== value[17].toUpperCase()) {
    return domainText.validation.idCardChecksum
  }
  return undefined
}

/** SPEC §5 / §9: limit on the file name without its extension, in characters. */
export const UPLOAD_NAME_MAX_LENGTH = 100

export interface UploadCandidate {
  name: string
  /** Bytes. */
  size: number
}

export interface UploadRules {
  /** Allowed extensions, with or without the leading dot, any case. */
  extensions: readonly string[]
  /** The size must be strictly below this many MiB (1 MB = 1024 × 1024 bytes). */
  maxMB: number
}

/** SPEC §5 upload checks, in the order name length, format, size; the first failure is returned. */
export function validateUpload(file: UploadCandidate, rules: UploadRules): ValidationResult {
  const dot = file.name.lastIndexOf('.')
  const baseName = dot === -1 ? file.name : file.name.slice(0, dot)
  const extension = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase()
  // Count code points, not UTF-16 units, so a name of 100 Chinese characters or emoji is still 100.
  if ([...baseName].length > UPLOAD_NAME_MAX_LENGTH) return validationMessages.uploadNameTooLong
  const allowed = rules.extensions.map((entry) => entry.replace(/^\./, '').toLowerCase())
  if (extension === '' || !allowed.includes(extension)) return validationMessages.uploadWrongFormat
  if (!(file.size < rules.maxMB * 1024 * 1024)) return validationMessages.uploadTooLarge
  return undefined
}

/** SPEC §3: serial numbers are stored upper-cased. */
export function normalizeSerialNumber(serialNumber: string): string {
  return serialNumber.trim().toUpperCase()
}

export function validateRoleAuthorities(authorityIdList: readonly unknown[] | null | undefined): ValidationResult {
  return authorityIdList && authorityIdList.length > 0 ? undefined : validationMessages.roleAuthorityRequired
}

/**
 * Adapts a validator to zod's superRefine, so a contract reports exactly the message the console
 * shows. `path` places the issue on a field when refining an object.
 */
export function refineWith<T>(validate: (value: T) => ValidationResult, path?: PropertyKey[]) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    const message = validate(value)
    if (message !== undefined) ctx.addIssue({ code: 'custom', message, ...(path ? { path } : {}) })
  }
}

export const idCardSchema = z.string().superRefine(refineWith((value: string) => validateIdCard(value)))
export const serialNumberSchema = z
  .string()
  .overwrite(normalizeSerialNumber)
  .min(1, { error: domainText.validation.serialNumberRequired })
