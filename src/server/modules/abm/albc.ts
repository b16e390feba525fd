import { pbkdf2Sync, randomBytes } from 'node:crypto'

/**
 * Activation Lock bypass codes (Apple: "Creating and using bypass codes"; nanodep's albc package is the reference
 * and its test vectors are ours). A code is 16 random bytes. Its human-readable form is the bytes in 5-bit groups over
 * a 32-character alphabet (no B, I, O, S), dashed after the 5th, 10th, 14th, 18th and 22nd characters — what the
 * phone's ActivationLockBypassCode answers and what Apple's device services take to unlock. Its hash, given to Apple
 * when the lock is enabled (escrow_key), is PBKDF2-SHA256 of the raw bytes with a salt of four zero bytes and 50,000
 * iterations, in hex.
 */

const charset = '0123456789ACDEFGHJKLMNPQRTUVWXYZ'
const dashPositions = [5, 10, 14, 18, 22]

export type BypassCode = Buffer

export function newBypassCode(): BypassCode {
  return randomBytes(16)
}

/** Regroups bits (8 → 5 or 5 → 8); the leftover bits are kept Apple's way, which differs from bech32. */
function convertBits(data: Uint8Array, fromBits: number, toBits: number): number[] {
  const out: number[] = []
  let acc = 0
  let bits = 0
  const maxv = (1 << toBits) - 1
  for (const value of data) {
    if (value >> fromBits !== 0) throw new Error(`value out of range: ${value}`)
    acc = ((acc << fromBits) | value) >>> 0
    bits += fromBits
    while (bits >= toBits) {
      bits -= toBits
      out.push((acc >>> bits) & maxv)
    }
    acc &= (1 << bits) - 1 // only the bits not yet written matter
  }
  if (bits > 0) {
    const remainderMask = (0xff << bits) & 0xff
    const remainder = acc & ~remainderMask & maxv & 0xff
    if (toBits > fromBits) {
      // 5 → 8: the last 3 bits finish the last byte, whose low bits hold them.
      const last = out[out.length - 1]
      const lastMasked = ((last << bits) & ~(0xff << (fromBits - bits)) & remainderMask) & 0xff
      out[out.length - 1] = ((last & remainderMask) | lastMasked | remainder) & 0xff
    } else {
      out.push(remainder)
    }
  }
  return out
}

/** The dash-separated human-readable form (XXXXX-XXXXX-XXXX-XXXX-XXXX-XXXX). */
export function bypassCodeText(code: BypassCode): string {
  let text = ''
  convertBits(code, 8, 5).forEach((group, i) => {
    if (dashPositions.includes(i)) text += '-'
    text += charset[group]
  })
  return text
}

/** The raw code from its human-readable form; null when it does not decode to 16 bytes. */
export function bypassCodeFromText(text: string): BypassCode | null {
  const groups: number[] = []
  for (const ch of text.toUpperCase()) {
    const i = charset.indexOf(ch)
    if (i >= 0) groups.push(i)
    else if (ch !== '-') return null
  }
  if (groups.length !== 26) return null
  const bytes = convertBits(Uint8Array.from(groups), 5, 8)
  return bytes.length === 16 ? Buffer.from(bytes) : null
}

/** The hash Apple wants as the escrow key: hex PBKDF2-SHA256, salt 00000000, 50,000 iterations. */
export function bypassCodeHash(code: BypassCode): string {
  return pbkdf2Sync(code, Buffer.alloc(4), 50_000, 32, 'sha256').toString('hex')
}
