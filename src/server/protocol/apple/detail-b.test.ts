import { parse } from 'plist'
import { describe, expect, it } from 'vitest'
import { expiryOf } from '../../modules/certificate/service'
import { APP_RESTRICTION_PROFILE_IDENTIFIER, appRestrictionProfile, detailBAcknowledged, installApplicationRequest, wallpaperRequest } from './detail-b'

describe('the apps and wallpaper tabs’ MDM requests (Apple schema keys)', () => {
  it('InstallApplication: iTunesStoreID with Identifier for the App Store, ManifestURL alone for an enterprise app', () => {
    expect(installApplicationRequest({ bundleId: 'com.a.b', itunesStoreId: 42, manifestUrl: null })).toEqual({
      requestType: 'InstallApplication',
      params: { iTunesStoreID: 42, Identifier: 'com.a.b', Options: { PurchaseMethod: 0 } },
    })
    expect(installApplicationRequest({ bundleId: 'com.a.b', itunesStoreId: null, manifestUrl: 'https://x/m.plist' }).params).toEqual({ ManifestURL: 'https://x/m.plist' })
  })

  it('the restriction profile: one com.apple.applicationaccess payload, blockedAppBundleIDs sorted and unique, stable UUIDs', () => {
    const profile = parse(appRestrictionProfile(['b.b', 'a.a', 'b.b'], '应用限制')) as Record<string, unknown>
    expect(profile).toMatchObject({ PayloadType: 'Configuration', PayloadIdentifier: APP_RESTRICTION_PROFILE_IDENTIFIER })
    const [payload] = profile.PayloadContent as Record<string, unknown>[]
    expect(payload).toMatchObject({ PayloadType: 'com.apple.applicationaccess', blockedAppBundleIDs: ['a.a', 'b.b'] })
    expect(appRestrictionProfile(['a.a', 'b.b'], '应用限制')).toBe(appRestrictionProfile(['b.b', 'a.a'], '应用限制'))
  })

  it('a wallpaper is on the device only when its Settings item was acknowledged', () => {
    const request = wallpaperRequest(7, 2)
    expect(request.params).toEqual({ Settings: [{ Item: 'Wallpaper', Where: 2 }] })
    const ok = detailBAcknowledged(request, { Settings: [{ Item: 'Wallpaper', Status: 'Acknowledged' }] }, 'T')
    expect(ok?.state).toEqual({ wallpaper: { id: 7, where: 2, at: 'T' } })
    const failed = detailBAcknowledged(request, { Settings: [{ Item: 'Wallpaper', Status: 'Error', ErrorChain: [] }] }, 'T')
    expect(failed?.state).toEqual({})
    expect(detailBAcknowledged({ requestType: 'Settings', params: { Settings: [{ Item: 'MDMOptions' }] } }, {}, 'T')).toBeNull()
  })
})

describe('expiryOf: days left and the 30-day warning', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  it('counts whole days down and warns from 30 days, and after expiry', () => {
    expect(expiryOf(new Date('2026-03-01T00:00:00Z'), now)).toMatchObject({ daysLeft: 59, expiringSoon: false })
    expect(expiryOf(new Date('2026-01-31T00:00:00Z'), now)).toMatchObject({ daysLeft: 30, expiringSoon: true })
    expect(expiryOf(new Date('2025-12-31T00:00:00Z'), now)).toMatchObject({ daysLeft: -1, expiringSoon: true })
    expect(expiryOf(null, now)).toEqual({ configured: false, notAfter: null, daysLeft: null, expiringSoon: false })
  })
})
