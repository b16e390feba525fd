import { build, parse, type PlistValue } from 'plist'

/**
 * Property lists in and out of the Apple endpoints, through the `plist` package. A body that is not a property
 * list of a dictionary is null, so the caller answers 400 instead of failing.
 */
export type PlistDict = Record<string, unknown>

/**
 * The message nearly every check-in is (an idle phone's every 30 s: Status and UDID), a dictionary of strings only,
 * as Apple writes it: an optional XML declaration and DOCTYPE (no internal subset), then <plist><dict> of
 * <key>…</key><string>…</string> pairs. Text holding `<` or `&` (markup, an entity, CDATA) never matches.
 */
const STRINGS_ONLY =
  /^\s*(?:<\?xml[^?>]*\?>\s*)?(?:<!DOCTYPE plist[^>[]*>\s*)?<plist(?:\s+version="1\.0")?\s*>\s*<dict>((?:\s*<key>[^<&\r]+<\/key>\s*<string>[^<&\r]*<\/string>)*)\s*<\/dict>\s*<\/plist>\s*$/
const STRING_PAIR = /<key>([^<&\r]+)<\/key>\s*<string>([^<&\r]*)<\/string>/g
/** Keys the fast path leaves to the library (an object's own names). */
const OBJECT_NAMES = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Issue #44: that message read without building a DOM. The `plist` package (through @xmldom/xmldom, which compiles a
 * regular expression at every closing tag) spent ~12 % of the server's CPU on 10,000 idle iPhones. Anything else, or
 * a key named like an object's own property, is undefined: the library reads it, and the two agree
 * (plist.test.ts compares them).
 */
function stringsOnly(text: string): PlistDict | undefined {
  const body = STRINGS_ONLY.exec(text)?.[1]
  if (body === undefined) return undefined
  const dict: PlistDict = {}
  for (const [, key, value] of body.matchAll(STRING_PAIR)) {
    if (OBJECT_NAMES.has(key)) return undefined
    dict[key] = value
  }
  return dict
}

export function parseDict(text: string): PlistDict | null {
  const simple = stringsOnly(text)
  if (simple) return simple
  try {
    const value = parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array)
      ? (value as PlistDict)
      : null
  } catch {
    return null
  }
}

export function buildPlist(value: PlistDict): string {
  return build(value as PlistValue)
}

export function str(dict: PlistDict, key: string): string | undefined {
  const v = dict[key]
  return typeof v === 'string' ? v : undefined
}

export function data(dict: PlistDict, key: string): Buffer | undefined {
  // plist 5 reads <data> as a Uint8Array.
  const v = dict[key]
  return v instanceof Uint8Array ? Buffer.from(v) : undefined
}

/**
 * A value a device reported (DeviceInformation, SecurityInfo …) as the type its key is documented with, or null when
 * the device sent something else or nothing: the one reading of the Apple services and the console's detail.
 */
export const textValue = (v: unknown): string | null => (typeof v === 'string' ? v : null)
export const numberValue = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
export const boolValue = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null)
