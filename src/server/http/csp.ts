import { createHash } from 'node:crypto'

/**
 * The console's Content-Security-Policy: only what the console uses. Its one outside source is the map's tile
 * server, named by MDM_MAP_TILE_URL; a `{s}` subdomain placeholder becomes a wildcard label.
 */

/** The CSP source of a tile URL template, or null when the tiles come from this origin (a relative URL). */
export function tileSource(tileUrl: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl)
  if (!match) return null
  const [, scheme, authority] = match
  // A label holding a placeholder ("webrd0{s}", "{s}") may be any label: *.is.autonavi.com.
  const labels = authority.split('.')
  const firstFixed = labels.findIndex((label, i) => !label.includes('{') && labels.slice(i).every((l) => !l.includes('{')))
  if (firstFixed === 0) return `${scheme.toLowerCase()}://${authority.toLowerCase()}`
  if (firstFixed < 0) return null
  return `${scheme.toLowerCase()}://*.${labels.slice(firstFixed).join('.').toLowerCase()}`
}

export function contentSecurityPolicy(tileUrl: string) {
  const tiles = tileSource(tileUrl)
  const withTiles = (...sources: string[]) => (tiles ? [...sources, tiles] : sources)
  return {
    defaultSrc: ["'self'"],
    // WebAssembly may be compiled (not JavaScript evaluated): the barcode scanner's reader, ZXing (issue #43 item 6).
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'"],
    imgSrc: withTiles("'self'", 'data:', 'blob:'),
    // The service worker fetches and caches tiles itself (runtime caching): its fetches are connections.
    connectSrc: withTiles("'self'"),
    fontSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  }
}

type Directives = ReturnType<typeof contentSecurityPolicy>

/**
 * The sources of a page's own inline scripts and styles: the SHA-256 of each one's text, as CSP names it. The console's
 * page carries the few lines that paint it before the app has loaded (theme, saved list) inline, so that opening the
 * installed app offline does not wait for the service worker to answer three more requests (issue #16); the policy
 * allows exactly those texts, and an inline script or style added by anyone else is still refused.
 */
export function inlineSources(html: string): { scripts: string[]; styles: string[] } {
  // Comments first: a <script> named in one is not a script. Line endings as the browser hashes them: LF.
  const page = html.replace(/<!--[\s\S]*?-->/g, '').replace(/\r\n?/g, '\n')
  const hashes = (pattern: RegExp) =>
    [...page.matchAll(pattern)]
      .filter((m) => !/\ssrc\s*=/i.test(m[1] ?? ''))
      .map((m) => `'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`)
  return { scripts: hashes(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi), styles: hashes(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi) }
}

/** The policy allowing also a page's own inline scripts and styles (inlineSources). */
export function pagePolicy(directives: Directives, html: string): Directives {
  const inline = inlineSources(html)
  return { ...directives, scriptSrc: [...directives.scriptSrc, ...inline.scripts], styleSrc: [...directives.styleSrc, ...inline.styles] }
}
