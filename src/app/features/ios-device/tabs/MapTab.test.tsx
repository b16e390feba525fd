// @vitest-environment jsdom
import { createElement } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import type { Map as LeafletMap } from 'leaflet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IosDeviceRecord } from '../../../../shared/contract/my-device'
import { mapText } from '../../../../shared/messages/ios-detail-a'
import { api } from '../../../api/routes'
import { MapTab } from './MapTab'

/** The server's answers by path: the configured tiles, and the device's last location (none). */
const answers = vi.hoisted(() => new Map<string, unknown>())
vi.mock('../../../api/http', () => ({ call: vi.fn(async (route: { path: string }) => answers.get(route.path) ?? null) }))

/** The real map, whose instance the test reads. */
const maps = vi.hoisted(() => [] as LeafletMap[])
vi.mock('react-leaflet', async (importActual) => {
  const actual = await importActual<typeof import('react-leaflet')>()
  return { ...actual, MapContainer: (props: Parameters<typeof actual.MapContainer>[0]) => createElement(actual.MapContainer, { ...props, ref: (map: LeafletMap | null) => void (map && maps.push(map)) }) }
})

const device = { id: 7, serialNumber: 'F2LX0001', enrolled: true, recycleStatus: false, lostStatus: false } as IosDeviceRecord

afterEach(() => {
  cleanup()
  maps.length = 0
})

describe('MapTab (iPhone 地图)', () => {
  it('shows a device that never reported a position at the default centre, Beijing (39.9, 116.38, SPEC §9)', async () => {
    answers.set(api.account.appConfig.path, { map: { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', coordinates: 'WGS84' } })
    answers.set(api.iosDetail.location.path, null)
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MapTab device={device} now={Date.now()} />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(maps).not.toHaveLength(0))
    expect(screen.getByTestId('location-text').textContent).toBe(mapText.none)
    const centre = maps.at(-1)!.getCenter()
    expect([centre.lat, centre.lng]).toEqual([39.9, 116.38])
    expect(document.querySelector('.device-map-marker')).toBeNull()
  })
})
