import { describe, expect, it } from 'vitest'
import { navigationUrl } from './navigation-link'

const POINT = { latitude: 39.9042, longitude: 116.4074 }

describe('navigationUrl (issue #43)', () => {
  it('opens the phone’s own map app: geo: on Android, Apple Maps on an iPhone, AMap’s page elsewhere', () => {
    expect(navigationUrl(POINT, 'F2LXDEMO0002', 'Mozilla/5.0 (Linux; Android 14; 23127PN0CC)')).toBe('geo:39.904200,116.407400?q=39.904200,116.407400(F2LXDEMO0002)')
    expect(navigationUrl(POINT, 'F2LXDEMO0002', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)')).toBe('https://maps.apple.com/?daddr=39.904200,116.407400&q=F2LXDEMO0002')
    expect(navigationUrl(POINT, 'F2LXDEMO0002', 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(
      'https://uri.amap.com/marker?position=116.407400,39.904200&name=F2LXDEMO0002&coordinate=wgs84&callnative=1',
    )
  })
})
