import { wgs84ToGcj02, type LatLng } from '../../../shared/domain/gcj02'
import { log } from '../../log'

/** Addresses kept per process: a lost phone's detail is opened again and again at the same reported point. */
const KEPT = 500
const TIMEOUT_MS = 3000

/**
 * Issue #43: the address of a reported position, from AMap's reverse geocoding (Web 服务 API, GET /v3/geocode/regeo
 * with the key and "lng,lat" in GCJ-02), when MDM_AMAP_KEY is configured. The key stays on the server. Any failure
 * (no answer in 3 s, a refused key, no address) is null: the console then shows the coordinates alone.
 */
export class AmapGeocoder {
  private readonly kept = new Map<string, string | null>()

  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async address(point: LatLng): Promise<string | null> {
    // AMap reads GCJ-02; devices report WGS-84. Six decimals are ~0.1 m, finer than any phone's fix.
    const gcj = wgs84ToGcj02(point)
    const location = `${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`
    if (this.kept.has(location)) return this.kept.get(location)!
    const url = `${this.baseUrl}/v3/geocode/regeo?${new URLSearchParams({ key: this.key, location, output: 'JSON' })}`
    let address: string | null = null
    try {
      const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
      const body = (await res.json()) as { status?: string; info?: string; regeocode?: { formatted_address?: unknown } }
      const text = body.regeocode?.formatted_address
      // AMap answers an empty array for a point it has no address for (at sea).
      if (body.status === '1' && typeof text === 'string' && text) address = text
      else log.warn('AMap reverse geocoding refused', { info: body.info ?? res.status })
    } catch (error) {
      log.warn('AMap reverse geocoding failed', { cause: (error as Error).message })
      return null
    }
    if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!)
    this.kept.set(location, address)
    return address
  }
}
