import { createHash } from 'node:crypto'

/**
 * A simulated phone's IMEI, fixed per serial number (issue #43: every demo iPhone reported 35 000000 000000 0): an
 * Apple-style type allocation code (35…), twelve digits from the serial's hash and the Luhn check digit, written as
 * iOS reports it ("35 123456 789012 3").
 */
export function imeiFor(serialNumber: string): string {
  const hash = createHash('sha256').update(`imei:${serialNumber}`).digest()
  const body = '35' + [...hash.subarray(0, 12)].map((b) => String(b % 10)).join('')
  const digits = body + luhnCheckDigit(body)
  return `${digits.slice(0, 2)} ${digits.slice(2, 8)} ${digits.slice(8, 14)} ${digits.slice(14)}`
}

/** The digit that makes `digits` + it pass the Luhn check (the IMEI's 15th digit). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    // From the right of the full number, every second digit (the rightmost of `digits` included) is doubled.
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return String((10 - (sum % 10)) % 10)
}
