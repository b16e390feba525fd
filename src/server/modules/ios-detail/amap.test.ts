import { describe, expect, it } from 'vitest'
import { wgs84ToGcj02 } from '../../../shared/domain/gcj02'
import { AmapGeocoder } from './amap'

/** A stand-in for AMap's regeo endpoint: answers as the Web 服务 API does, and records what it was asked. */
function fakeAmap(answer: (url: URL) => unknown) {
  const asked: URL[] = []
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = new URL(String(input))
    asked.push(url)
    return new Response(JSON.stringify(answer(url)), { headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  return { asked, fetchImpl }
}

const SHANGHAI = { latitude: 31.2304, longitude: 121.4737 }

describe('AmapGeocoder (issue #43: a lost phone’s address)', () => {
  it('asks regeo with the key and the point in GCJ-02 (lng,lat), and answers its formatted address, once per point', async () => {
    const amap = fakeAmap((url) =>
      url.searchParams.get('key') === 'k1' ? { status: '1', info: 'OK', regeocode: { formatted_address: '上海市黄浦区人民大道200号' } } : { status: '0', info: 'INVALID_USER_KEY' },
    )
    const geocoder = new AmapGeocoder('https://amap.test', 'k1', amap.fetchImpl)
    await expect(geocoder.address(SHANGHAI)).resolves.toBe('上海市黄浦区人民大道200号')
    const [url] = amap.asked
    expect(url.origin + url.pathname).toBe('https://amap.test/v3/geocode/regeo')
    const gcj = wgs84ToGcj02(SHANGHAI)
    expect(url.searchParams.get('location')).toBe(`${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`)
    await geocoder.address(SHANGHAI)
    expect(amap.asked).toHaveLength(1)
  })

  it('answers null when AMap refuses the key, has no address, or does not answer', async () => {
    const refused = new AmapGeocoder('https://amap.test', 'bad', fakeAmap(() => ({ status: '0', info: 'INVALID_USER_KEY' })).fetchImpl)
    await expect(refused.address(SHANGHAI)).resolves.toBeNull()
    const atSea = new AmapGeocoder('https://amap.test', 'k1', fakeAmap(() => ({ status: '1', regeocode: { formatted_address: [] } })).fetchImpl)
    await expect(atSea.address({ latitude: 20, longitude: 125 })).resolves.toBeNull()
    const down = new AmapGeocoder('https://amap.test', 'k1', (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch)
    await expect(down.address(SHANGHAI)).resolves.toBeNull()
  })
})
