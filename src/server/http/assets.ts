import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'

/** The build's precompressed copies, best first (vite.config.ts: precompress writes .br and .gz beside each file). */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const
/** Bytes kept in memory at most: a build's assets in all three forms are ~6 MB; beyond this, files are read from disk. */
export const ASSET_BYTES_KEPT = 64 * 1024 * 1024

interface KeptAsset {
  body: Uint8Array
  type: string
  encoding?: string
  modified: string
}

/**
 * The build's /assets files, served from memory once read (issue #16). Their names carry a content hash, so a name
 * never changes content and a file read once is good for as long as the server runs. serveStatic reads each from disk
 * and passes it through two stream conversions: ~3 ms of CPU per file here, and a first visit to a device detail loads
 * 45 of them, beside the screen's own API calls. The answer is serveStatic's: the same type, precompressed copy (br,
 * then gzip, as the client accepts), Vary and Last-Modified. What this does not serve (a range, HEAD, a name that is
 * not a plain file name, a file that is not there) goes on to serveStatic. A file a later build removed from disk stays
 * served if it was read before: a page of the older build still open gets its chunk instead of a 404.
 */
export function immutableAssets(root: string): MiddlewareHandler {
  const kept = new Map<string, KeptAsset>()
  let keptBytes = 0
  return async (c, next) => {
    const name = c.req.path
    // Plain file names only (vite writes no folders under assets): no %, no dot segments, nothing to resolve.
    if (c.req.method !== 'GET' || c.req.header('range') || !/^\/assets\/[\w-][\w.-]*$/.test(name)) return next()
    const accepted = new Set(c.req.header('accept-encoding')?.split(',').map((encoding) => encoding.trim()))
    const key = `${name}\u0000${ENCODINGS.filter(([encoding]) => accepted.has(encoding)).join()}`
    let asset = kept.get(key)
    if (!asset) {
      asset = (await readAsset(root, name, accepted)) ?? undefined
      if (!asset) return next()
      if (keptBytes + asset.body.byteLength <= ASSET_BYTES_KEPT) {
        kept.set(key, asset)
        keptBytes += asset.body.byteLength
      }
    }
    c.header('Content-Type', asset.type)
    if (asset.encoding) {
      c.header('Content-Encoding', asset.encoding)
      c.header('Vary', 'Accept-Encoding')
    }
    c.header('Content-Length', String(asset.body.byteLength))
    c.header('Last-Modified', asset.modified)
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200)
  }
}

/** The file's best form the client accepts: a precompressed copy if there is one, else the file; null if it is not there. */
async function readAsset(root: string, name: string, accepted: Set<string>): Promise<KeptAsset | null> {
  const file = path.join(root, name)
  const type = getMimeType(file) || 'application/octet-stream'
  for (const [encoding, suffix] of [...ENCODINGS.filter(([e]) => accepted.has(e)), ['', ''] as const]) {
    try {
      const [body, info] = await Promise.all([readFile(file + suffix), stat(file + suffix)])
      if (!info.isFile()) return null
      return { body, type, encoding: encoding || undefined, modified: info.mtime.toUTCString() }
    } catch {
      // Not there in this form: the next one.
    }
  }
  return null
}
