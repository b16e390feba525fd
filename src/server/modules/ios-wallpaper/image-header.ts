/**
 * What an uploaded file really is, from its first bytes (issue #14: never trusted by its extension): PNG by its
 * 8-byte signature and IHDR chunk, JPEG by its SOI marker and a frame header (SOFn) giving its size. Anything else,
 * or a header cut short, is not an image we send to a device.
 */
export interface ImageHeader {
  type: 'png' | 'jpeg'
  contentType: 'image/png' | 'image/jpeg'
  width: number
  height: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function png(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 33 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The first chunk must be IHDR, 13 bytes long: width and height, 4 bytes each, big-endian.
  if (view.getUint32(8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  return width > 0 && height > 0 ? { type: 'png', contentType: 'image/png', width, height } : null
}

/** Start-of-frame markers carrying the image size (baseline, progressive, lossless …; not DHT, JPG, DAC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

function jpeg(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null
  let i = 2
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null
    const marker = bytes[i + 1]
    if (marker === 0xff) {
      i++
      continue
    }
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = (bytes[i + 2] << 8) | bytes[i + 3]
    if (length < 2) return null
    if (SOF.has(marker)) {
      if (i + 9 > bytes.length) return null
      const height = (bytes[i + 5] << 8) | bytes[i + 6]
      const width = (bytes[i + 7] << 8) | bytes[i + 8]
      return width > 0 && height > 0 ? { type: 'jpeg', contentType: 'image/jpeg', width, height } : null
    }
    // Scan data before any frame header, or the end: not a JPEG we can read.
    if (marker === 0xda || marker === 0xd9) return null
    i += 2 + length
  }
  return null
}

export function imageHeader(bytes: Uint8Array): ImageHeader | null {
  return png(bytes) ?? jpeg(bytes)
}

/** The image type a file name's extension claims (jpg and jpeg are both JPEG). */
export function claimedType(fileName: string): 'png' | 'jpeg' | null {
  const dot = fileName.lastIndexOf('.')
  const ext = dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase()
  return ext === 'png' ? 'png' : ext === 'jpg' || ext === 'jpeg' ? 'jpeg' : null
}
