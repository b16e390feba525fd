import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'

/** The build's precompressed copies, best first (src/build/precompress.ts writes them beside each script, stylesheet and SVG). */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const
/** Bytes kept in memory at most: a build's assets in their three forms are ~6 MB; the least recently sent go first. */
export const ASSET_BYTES_KEPT = 64 * 1024 * 1024
/**
 * A file younger than this is sent but not kept: a build may still be writing it, or its compressed copies (vite writes
 * those after the bundle), and a kept file is sent as it was read for as long as the server runs.
 */
export const ASSET_SETTLE_MS = 10_000

interface Asset {
  body: Uint8Array
  type: string
  encoding?: string
  /** A compressed copy of the file exists (so the answer varies by Accept-Encoding even when sent uncompressed). */
  varies: boolean
  modified: string
}

/**
 * The build's /assets files, kept in memory once read (issue #16). Their names carry a content hash, so a name never
 * changes content, and a settled file read once is good for as long as the server runs. serveStatic reads each from disk
 * through two stream conversions: 5 files of /login cost 3.3 ms of process CPU each that way, 1.4 ms from memory, and a
 * first visit to a device detail loads 45 of them beside the screen's own API calls. The answer is serveStatic's: the
 * type, the best copy the client accepts (br, then gzip), Vary, Last-Modified; what this does not serve (a range, HEAD,
 * a name that is not a plain file name, a file that is not there) goes on to serveStatic. A file a later build removed
 * stays served while kept: a page of the older build still open gets its chunk instead of a 404.
 */
export function immutableAssets(root: string, budget = ASSET_BYTES_KEPT, now = () => Date.now()): MiddlewareHandler {
  // Each form of a file once, by the name read (list-1a2b.js.br); Map order is the order of use, oldest first.
  const kept = new Map<string, Asset>()
  let keptBytes = 0
  // Reads under way, so that clients asking for the same form at once share one read.
  const reading = new Map<string, Promise<{ file: string; asset: Asset; settled: boolean } | null>>()
  const keep = (file: string, asset: Asset) => {
    if (kept.has(file) || asset.body.byteLength > budget) return
    kept.set(file, asset)
    keptBytes += asset.body.byteLength
    for (const [oldest, old] of kept) {
      if (keptBytes <= budget) break
      kept.delete(oldest)
      keptBytes -= old.body.byteLength
    }
  }
  return async (c, next) => {
    const name = c.req.path
    // Plain file names only (vite writes no folders under assets): no %, no dot segments, nothing to resolve.
    if (c.req.method !== 'GET' || c.req.header('range') || !/^\/assets\/[\w-][\w.-]*$/.test(name)) return next()
    const accepted = new Set(c.req.header('accept-encoding')?.split(',').map((encoding) => encoding.trim()))
    const forms = [...ENCODINGS.filter(([encoding]) => accepted.has(encoding)), ['', ''] as const].map(([encoding, suffix]) => ({ encoding, file: name + suffix }))
    let asset: Asset | undefined
    for (const form of forms) {
      asset = kept.get(form.file)
      if (asset) {
        // Used now: last in the order of use.
        kept.delete(form.file)
        kept.set(form.file, asset)
        break
      }
    }
    if (!asset) {
      const key = `${name}\u0000${forms.map((f) => f.encoding).join()}`
      let read = reading.get(key)
      if (!read) {
        read = readBest(root, name, forms, now()).finally(() => reading.delete(key))
        reading.set(key, read)
      }
      const found = await read
      if (!found) return next()
      if (found.settled) keep(found.file, found.asset)
      asset = found.asset
    }
    c.header('Content-Type', asset.type)
    if (asset.encoding) c.header('Content-Encoding', asset.encoding)
    if (asset.varies) c.header('Vary', 'Accept-Encoding')
    c.header('Content-Length', String(asset.body.byteLength))
    c.header('Last-Modified', asset.modified)
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200)
  }
}

/**
 * The first of `forms` of the file `name` that is on disk, read whole; `settled` when it was not written within ASSET_SETTLE_MS and did not
 * change while it was read (the same size and time before and after). Null when the file is in none of the forms.
 */
async function readBest(root: string, name: string, forms: { encoding: string; file: string }[], at: number) {
  for (const { encoding, file } of forms) {
    const full = path.join(root, file)
    try {
      const before = await stat(full)
      if (!before.isFile()) return null
      const body = await readFile(full)
      const after = await stat(full)
      const settled = body.byteLength === before.size && after.size === before.size && after.mtimeMs === before.mtimeMs && at - before.mtimeMs >= ASSET_SETTLE_MS
      // Sent uncompressed while a compressed copy exists: a shared cache must still tell the answers apart.
      const varies = encoding !== '' || (await Promise.all(ENCODINGS.map(([, suffix]) => stat(path.join(root, name + suffix)).then(() => true, () => false)))).some(Boolean)
      return { file, settled, asset: { body, type: getMimeType(name) || 'application/octet-stream', encoding: encoding || undefined, varies, modified: before.mtime.toUTCString() } }
    } catch {
      // Not there in this form: the next one.
    }
  }
  return null
}
