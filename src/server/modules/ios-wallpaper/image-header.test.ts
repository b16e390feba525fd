import { describe, expect, it } from 'vitest'
import { claimedType, imageHeader } from './image-header'

const pngHeader = (w: number, h: number, chunk = 'IHDR', length = 13) => {
  const b = Buffer.alloc(40)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  b.writeUInt32BE(length, 8)
  b.write(chunk, 12, 'ascii')
  b.writeUInt32BE(w, 16)
  b.writeUInt32BE(h, 20)
  return b
}

const jpegWith = (...segments: number[][]) => Buffer.from([0xff, 0xd8, ...segments.flat()])
const sof = (marker: number, w: number, h: number) => [0xff, marker, 0x00, 0x11, 0x08, h >> 8, h & 0xff, w >> 8, w & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
const app1 = [0xff, 0xe1, 0x00, 0x06, 0x45, 0x78, 0x69, 0x66]

describe('imageHeader: what a file is, from its bytes', () => {
  it('reads a PNG signature and its IHDR size', () => {
    expect(imageHeader(pngHeader(1179, 2556))).toEqual({ type: 'png', contentType: 'image/png', width: 1179, height: 2556 })
  })

  it('refuses a PNG signature without an IHDR first, a zero size or a cut header', () => {
    expect(imageHeader(pngHeader(10, 10, 'IDAT'))).toBeNull()
    expect(imageHeader(pngHeader(10, 10, 'IHDR', 12))).toBeNull()
    expect(imageHeader(pngHeader(0, 10))).toBeNull()
    expect(imageHeader(pngHeader(10, 10).subarray(0, 20))).toBeNull()
  })

  it('reads a JPEG frame header after other segments, baseline or progressive', () => {
    expect(imageHeader(jpegWith(app1, sof(0xc0, 640, 480)))).toEqual({ type: 'jpeg', contentType: 'image/jpeg', width: 640, height: 480 })
    expect(imageHeader(jpegWith(sof(0xc2, 4032, 3024)))).toMatchObject({ width: 4032, height: 3024 })
  })

  it('refuses a JPEG without a frame header before its scan, and anything else', () => {
    expect(imageHeader(jpegWith(app1, [0xff, 0xda, 0x00, 0x02]))).toBeNull()
    expect(imageHeader(jpegWith(app1))).toBeNull()
    expect(imageHeader(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull()
    expect(imageHeader(Buffer.from('<svg/>'))).toBeNull()
    expect(imageHeader(new Uint8Array())).toBeNull()
  })

  it('names the type an extension claims', () => {
    expect([claimedType('a.PNG'), claimedType('b.jpg'), claimedType('c.JPEG'), claimedType('d.gif'), claimedType('png')]).toEqual(['png', 'jpeg', 'jpeg', null, null])
  })
})
