import { domainText } from '../messages/domain'
import { toTimestamp, type TimeInput } from './time'

const KIB = 1024
const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const
const TIB = KIB ** 4

/**
 * SPEC §9: sizes in KB, MB, GB (binary, 1 KB = 1024 B), below 1 KB in bytes, from 1 TB on the
 * text '文件超过1TB'. Values are truncated, not rounded, to two decimals: a size just under a
 * limit must never be displayed as the limit itself (1048575 B is "1023.99 KB", not "1024 KB").
 * Negative or non-finite input yields ''.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes >= TIB) return domainText.fileSizeOverLimit
  let unitIndex = 0
  let value = bytes
  while (value >= KIB && unitIndex < FILE_SIZE_UNITS.length - 1) {
    value /= KIB
    unitIndex += 1
  }
  // The epsilon keeps exact quotients such as 1.15 from being truncated to 1.14 by binary rounding.
  const truncated = Math.floor(value * 100 + 1e-9) / 100
  return `${truncated} ${FILE_SIZE_UNITS[unitIndex]}`
}

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** Differences shorter than this (either direction) read '刚刚' instead of a number of seconds. */
export const JUST_NOW_MS = 5 * SECOND_MS

type RelativeUnit = keyof typeof domainText.relativeTime.units

// SPEC §9: a month counts 30 days; a year counts 365, so 360–364 days still read "12 个月".
const RELATIVE_UNITS: readonly [RelativeUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', HOUR_MS],
  ['minute', MINUTE_MS],
  ['second', SECOND_MS],
]

/**
 * A time up to a minute ahead of `now` is "just now", not "in 10 seconds": a screen's clock ticks every 30 s and
 * the server's clock may run a little ahead, so a fresh server time often lies slightly in the screen's future.
 */
const FUTURE_TOLERANCE_MS = 60_000

/** "3 分钟前" / "3 分钟后": the largest whole unit of the distance to `now`; '' for an invalid time. */
export function formatRelativeTime(time: TimeInput | null | undefined, now: TimeInput = Date.now()): string {
  const difference = toTimestamp(now) - toTimestamp(time)
  if (Number.isNaN(difference)) return ''
  const distance = Math.abs(difference)
  const { justNow, ago, later, units } = domainText.relativeTime
  if (distance < JUST_NOW_MS || (difference < 0 && distance < FUTURE_TOLERANCE_MS)) return justNow
  const [unit, unitMs] = RELATIVE_UNITS.find(([, ms]) => distance >= ms) ?? RELATIVE_UNITS[RELATIVE_UNITS.length - 1]
  const amount = Math.floor(distance / unitMs)
  return difference > 0 ? ago(amount, units[unit]) : later(amount, units[unit])
}

/**
 * Thousands separators in the integer part; the fraction is kept as written. Anything that is not
 * a plain decimal number (NaN, Infinity, exponent notation, free text) is returned unchanged.
 */
export function formatThousands(value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value.trim()
  const match = /^([+-]?)(\d+)(\.\d+)?$/.exec(text)
  if (!match) return typeof value === 'number' ? text : value
  const [, sign, integer, fraction = ''] = match
  return sign + integer.replace(/\B(?=(\d{3})+$)/g, ',') + fraction
}

/** A finite number or numeric string as a plain decimal string (no exponent), or undefined. */
function toDecimalText(amount: number | string): string | undefined {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return undefined
    const text = String(amount)
    // toFixed avoids exponent notation for tiny values; amounts ≥ 1e21 cannot be written without it.
    if (!/e/i.test(text)) return text
    return Math.abs(amount) < 1e21 ? amount.toFixed(20) : undefined
  }
  return amount.trim()
}

function sectionToChinese(digits: string): string {
  const { digits: numerals, smallUnits, zero } = domainText.chineseMoney
  let text = ''
  let pendingZero = false
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[index])
    if (digit === 0) {
      pendingZero = true
      continue
    }
    if (pendingZero) text += zero
    pendingZero = false
    text += numerals[digit] + smallUnits[digits.length - 1 - index]
  }
  return text
}

/** `digits` has no leading zero and is not "0". Groups of 8 digits take 亿, groups of 4 take 万. */
function integerToChinese(digits: string): string {
  const { wan, yi, zero } = domainText.chineseMoney
  for (const [size, unit] of [
    [8, yi],
    [4, wan],
  ] as const) {
    if (digits.length <= size) continue
    const high = integerToChinese(digits.slice(0, -size)) + unit
    const low = digits.slice(-size)
    const lowDigits = low.replace(/^0+/, '')
    if (lowDigits === '') return high
    // A gap between the big unit and the remaining digits is read as 零 (100010 → 壹拾万零壹拾).
    return high + (low[0] === '0' ? zero : '') + integerToChinese(lowDigits)
  }
  return sectionToChinese(digits)
}

/**
 * SPEC §9: an amount in Chinese capital numerals, rounded half-up to the fen.
 * 1234.56 → 壹仟贰佰叁拾肆元伍角陆分, 0 → 零元整, 0.5 → 伍角 (no 零元 before a fraction),
 * 1001.05 → 壹仟零壹元零伍分, a negative amount is prefixed 负. Invalid input yields ''.
 */
export function toChineseMoney(amount: number | string): string {
  const text = toDecimalText(amount)
  const match = text === undefined ? null : /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text)
  if (!match) return ''
  const [, sign, integerPart, fractionPart = ''] = match
  const padded = (fractionPart + '000').slice(0, 3)
  // Decimal arithmetic on the digits: binary floats would turn 1.005 into 1.00.
  const fen = BigInt(integerPart + padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1n : 0n)
  const { digits: numerals, yuan, jiao: jiaoUnit, fen: fenUnit, whole, negative, zero } = domainText.chineseMoney
  if (fen === 0n) return numerals[0] + yuan + whole
  const yuanDigits = (fen / 100n).toString()
  const jiao = Number((fen / 10n) % 10n)
  const cents = Number(fen % 10n)
  let result = yuanDigits === '0' ? '' : integerToChinese(yuanDigits) + yuan
  if (jiao === 0 && cents === 0) {
    result += whole
  } else {
    if (jiao > 0) result += numerals[jiao] + jiaoUnit
    else if (result !== '') result += zero
    if (cents > 0) result += numerals[cents] + fenUnit
  }
  return (sign === '-' ? negative : '') + result
}

export const DEFAULT_DATE_PATTERN = 'yyyy-MM-dd hh:mm:ss'

/**
 * The classic Date.prototype.format tokens (SPEC §9): y year (yyyy full, yy last two), M month,
 * d day, h hour (0–23, as in that helper), m minute, s second, q quarter, S milliseconds. A token of
 * one letter is unpadded, a longer one is zero-padded to its length. Local time; '' for an invalid date.
 */
export function formatDate(date: TimeInput | null | undefined, pattern: string = DEFAULT_DATE_PATTERN): string {
  const timestamp = toTimestamp(date)
  if (Number.isNaN(timestamp)) return ''
  const value = new Date(timestamp)
  const fields: Record<string, number> = {
    M: value.getMonth() + 1,
    d: value.getDate(),
    h: value.getHours(),
    m: value.getMinutes(),
    s: value.getSeconds(),
    q: Math.floor(value.getMonth() / 3) + 1,
    S: value.getMilliseconds(),
  }
  return pattern.replace(/y+|M+|d+|h+|m+|s+|q+|S+/g, (token) => {
    if (token[0] === 'y') {
      const year = String(value.getFullYear()).padStart(4, '0')
      return token.length >= 4 ? year : year.slice(-token.length)
    }
    const field = String(fields[token[0]])
    return token.length === 1 ? field : field.padStart(token.length, '0')
  })
}
