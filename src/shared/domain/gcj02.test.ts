import { describe, expect, it } from 'vitest'
import { outOfChina, toTileDatum, wgs84ToGcj02 } from './gcj02'

// The reference points published with eviltransform (github.com/googollee/eviltransform, transform_test.go):
// WGS-84 latitude, longitude → GCJ-02 latitude, longitude.
const reference = [
  ['Shanghai', 31.1774276, 121.5272106, 31.17530398364597, 121.531541859215],
  ['Shenzhen', 22.543847, 113.912316, 22.540796131694766, 113.9171764808363],
  ['Beijing', 39.911954, 116.377817, 39.91334545536069, 116.38404722455657],
] as const

describe('WGS-84 → GCJ-02', () => {
  it.each(reference)('converts the %s reference point', (_name, lat, lng, gcjLat, gcjLng) => {
    const out = wgs84ToGcj02({ latitude: lat, longitude: lng })
    expect(out.latitude).toBeCloseTo(gcjLat, 9)
    expect(out.longitude).toBeCloseTo(gcjLng, 9)
  })

  it('leaves points outside China as they are', () => {
    const tokyo = { latitude: 35.6895, longitude: 139.6917 }
    expect(outOfChina(tokyo)).toBe(true)
    expect(wgs84ToGcj02(tokyo)).toEqual(tokyo)
  })

  it('converts only when the tiles are GCJ-02', () => {
    const p = { latitude: 39.911954, longitude: 116.377817 }
    expect(toTileDatum(p, 'WGS84')).toEqual(p)
    expect(toTileDatum(p, 'GCJ02').longitude).toBeCloseTo(116.38404722455657, 9)
  })
})
