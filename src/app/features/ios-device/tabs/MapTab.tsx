import { useQuery } from '@tanstack/react-query'
import { iosCommandRefusal } from '../../../../shared/domain/ios-commands'
import { toTileDatum } from '../../../../shared/domain/gcj02'
import { formatDate } from '../../../../shared/domain/format'
import { mapText as t } from '../../../../shared/messages/ios-detail-a'
import { iosDeviceText } from '../../../../shared/messages/ios-device'
import { call } from '../../../api/http'
import { api } from '../../../api/routes'
import { appConfigQuery } from '../../../api/user-center'
import { OnlineButton } from '../../../components/OnlineButton'
import { useDeviceCommand } from '../../../components/device/use-device-command'
import { iosFamily } from '../family'
import type { IosTabProps } from './registry'
import { tabKey } from './use-sent-to-device'

/** SPEC §9: the map's default position. */
const DEFAULT_CENTER: [number, number] = [39.9, 116.38]
const DEFAULT_ZOOM = 11
const LOCATED_ZOOM = 16

const locationQuery = (deviceId: number) => ({
  queryKey: tabKey(deviceId, 'location'),
  queryFn: () => call(api.iosDetail.location, { deviceId }),
})

/** A numbered {s} (webrd0{s}.is.autonavi.com) is 1–4; otherwise a, b, c as OpenStreetMap-style servers name them. */
const tileSubdomains = (url: string) => (/\d\{s\}/.test(url) ? '1234' : 'abc')
const TILE = 256

/** Web Mercator tile coordinates (fractional) of a point at a zoom. */
function tileXY(lat: number, lng: number, z: number): [number, number] {
  const n = 2 ** z
  const rad = (lat * Math.PI) / 180
  return [((lng + 180) / 360) * n, ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n]
}

/**
 * The tiles around a point with a marker on it. leaflet + react-leaflet (ARCHITECTURE: map) are not installed in
 * this checkout, so this is a fixed view of the same configured tiles; the tab keeps the data and the rules
 * (datum, default centre, marker) and swapping leaflet in is local to this component.
 */
function TileView({ tileUrl, center, marker }: { tileUrl: string; center: [number, number]; marker: boolean }) {
  const z = marker ? LOCATED_ZOOM : DEFAULT_ZOOM
  const [x, y] = tileXY(center[0], center[1], z)
  const subdomains = tileSubdomains(tileUrl)
  const tiles: { key: string; src: string; left: number; top: number }[] = []
  for (let dx = -2; dx <= 2; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      const tx = Math.floor(x) + dx
      const ty = Math.floor(y) + dy
      const s = subdomains[Math.abs(tx + ty) % subdomains.length]
      const src = tileUrl.replace('{s}', s).replace('{x}', String(tx)).replace('{y}', String(ty)).replace('{z}', String(z))
      tiles.push({ key: `${tx}/${ty}`, src, left: (tx - x) * TILE, top: (ty - y) * TILE })
    }
  }
  return (
    <div className="device-map-canvas">
      {tiles.map((t) => (
        <img
          key={t.key}
          src={t.src}
          alt=""
          className="device-map-tile"
          style={{ transform: `translate(${t.left}px, ${t.top}px)` }}
          // Offline or unreachable tiles leave the background, not broken-image icons.
          onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
        />
      ))}
      {marker ? <span className="device-map-marker" data-testid="map-marker" /> : null}
    </div>
  )
}

/**
 * 地图: the last location the device reported, on the configured tiles (converted to GCJ-02 when the tiles are
 * Chinese), and a request for a fresh one (DeviceLocation, lost mode only). This module is its own chunk, loaded
 * only when the tab opens (registry.ts).
 */
export function MapTab({ device }: IosTabProps) {
  const config = useQuery(appConfigQuery())
  const location = useQuery(locationQuery(device.id))
  const commands = useDeviceCommand(iosFamily)
  const refusal = iosCommandRefusal(device, 'deviceLocation')
  const reported = location.data ?? null
  const map = config.data?.map
  const point = reported && map ? toTileDatum(reported, map.coordinates) : null
  const at: [number, number] | null = point ? [point.latitude, point.longitude] : null
  return (
    <section className="device-section" aria-label={t.title}>
      <h2>{t.title}</h2>
      <p className="form-hint" data-testid="location-text">
        {reported ? `${iosDeviceText.locationValue(reported.latitude, reported.longitude, reported.horizontalAccuracy)} · ${t.at(formatDate(reported.at))}` : t.none}
      </p>
      <div className="device-map" data-testid="device-map" data-lat={point?.latitude} data-lng={point?.longitude}>
        {map ? <TileView tileUrl={map.tileUrl} center={at ?? DEFAULT_CENTER} marker={at !== null} /> : null}
      </div>
      <OnlineButton color="primary" block disabled={refusal !== null} loading={commands.running.has('deviceLocation')} onClick={() => void commands.run('deviceLocation', device)}>
        {t.locate}
      </OnlineButton>
      {refusal ? <p className="form-hint">{refusal}</p> : null}
    </section>
  )
}
