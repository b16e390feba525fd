import { build, parse, type PlistValue } from 'plist'

/**
 * Property lists in and out of the Apple endpoints, through the `plist` package. A body that is not a property
 * list of a dictionary is null, so the caller answers 400 instead of failing.
 */
export type PlistDict = Record<string, unknown>

export function parseDict(text: string): PlistDict | null {
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
