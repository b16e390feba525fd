import { crc32, deflateSync } from 'node:zlib'

export type Point = [number, number]
/** A closed outline; the drawing winds every filled shape counter-clockwise on screen and every hole clockwise. */
export type Polygon = Point[]

/**
 * The ink of a picture, by exact area coverage (0..1) of each pixel, as font rasterisers compute it: each edge adds its
 * signed area to an accumulation row, and a running sum along the row gives the winding. Shapes wound the same way add
 * up and are clamped to 1, so overlapping letters and strokes unite, and a hole is cut only where nothing else covers it.
 */
export function rasterise(polygons: Polygon[], width: number, height: number, scale: number): Float32Array {
  const stride = width + 2
  const acc = new Float32Array(stride * height + 2)
  const maxX = width - 0.001
  for (const polygon of polygons) {
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[i]
      const b = polygon[(i + 1) % polygon.length]
      // Clamping x keeps every edge inside the row (a shape cut by the border is closed along it); y is clipped below.
      addEdge(
        acc,
        stride,
        height,
        Math.min(maxX, Math.max(0, a[0] * scale)),
        a[1] * scale,
        Math.min(maxX, Math.max(0, b[0] * scale)),
        b[1] * scale,
      )
    }
  }
  const coverage = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    let sum = 0
    for (let x = 0; x < width; x++) {
      sum += acc[y * stride + x]
      coverage[y * width + x] = Math.min(1, Math.abs(sum))
    }
  }
  return coverage
}

/** One edge's signed area, row by row (the accumulation of font-rs, by Raph Levien). */
function addEdge(acc: Float32Array, stride: number, height: number, ax: number, ay: number, bx: number, by: number) {
  if (ay === by) return
  const dir = ay < by ? 1 : -1
  const [x0, y0, x1, y1] = ay < by ? [ax, ay, bx, by] : [bx, by, ax, ay]
  const dxdy = (x1 - x0) / (y1 - y0)
  let x = y0 < 0 ? x0 - y0 * dxdy : x0
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++) {
    const row = y * stride
    const dy = Math.min(y + 1, y1) - Math.max(y, y0)
    const xNext = x + dxdy * dy
    const d = dy * dir
    const left = Math.min(x, xNext)
    const right = Math.max(x, xNext)
    const leftFloor = Math.floor(left)
    const li = leftFloor
    const ri = Math.ceil(right)
    if (ri <= li + 1) {
      const xm = 0.5 * (x + xNext) - leftFloor
      acc[row + li] += d - d * xm
      acc[row + li + 1] += d * xm
    } else {
      const s = 1 / (right - left)
      const lf = left - leftFloor
      const a0 = 0.5 * s * (1 - lf) * (1 - lf)
      const rf = right - ri + 1
      const am = 0.5 * s * rf * rf
      acc[row + li] += d * a0
      if (ri === li + 2) acc[row + li + 1] += d * (1 - a0 - am)
      else {
        const a1 = s * (1.5 - lf)
        acc[row + li + 1] += d * (a1 - a0)
        for (let xi = li + 2; xi < ri - 1; xi++) acc[row + xi] += d * s
        const a2 = a1 + (ri - li - 3) * s
        acc[row + ri - 1] += d * (1 - a2 - am)
      }
      acc[row + ri] += d * am
    }
    x = xNext
  }
}

/**
 * A PNG of `pixels` (one byte a pixel, rows top to bottom), each an index into `palette` (RGB triples): a captcha has
 * one ink and its blends with the paper, and a byte a pixel compresses several times faster than three.
 */
export function encodePng(pixels: Uint8Array, width: number, height: number, palette: Uint8Array): Buffer {
  const raw = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 3, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette)),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0)
  return Buffer.concat([head, data, crc])
}
