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
    scriptSrc: ["'self'"],
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
