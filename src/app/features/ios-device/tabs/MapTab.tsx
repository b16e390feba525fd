import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CircleMarker, MapContainer, TileLayer, useMap } from 'react-leaflet'
import 'leaflet/dist/leaflet.css'
import { iosCommandRefusal } from '../../../../shared/domain/ios-commands'
import { toTileDatum } from '../../../../shared/domain/gcj02'
import { formatDate } from '../../../../shared/domain/format'
import { mapText as t } from '../../../../shared/messages/ios-detail-a'
import { iosDeviceText } from '../../../../shared/messages/ios-device'
import { lostModeText } from '../../../../shared/messages/lost-mode'
import { navigationUrl } from '../navigation-link'
import { call } from '../../../api/http'
import { api } from '../../../api/routes'
import { appConfigQuery } from '../../../api/user-center'
import { OnlineButton } from '../../../components/OnlineButton'
import { useDeviceCommand } from '../../../components/device/use-device-command'
import { iosFamily } from '../family'
import type { IosTabProps } from './tab-props'
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

/** Keeps the view on the device: when a new location arrives, the map moves to it. */
function FollowMarker({ at }: { at: [number, number] | null }) {
  const map = useMap()
  useEffect(() => {
    if (at) map.setView(at, Math.max(map.getZoom(), LOCATED_ZOOM))
  }, [map, at?.[0], at?.[1]]) // eslint-disable-line react-hooks/exhaustive-deps -- the point, not the array
  return null
}

/**
 * The configured tiles with the device's marker (leaflet + react-leaflet, bundled with this tab only). Tiles that cannot
 * load (offline, the service down or refused by the network) are said to, over the grey box they would leave (issue #43).
 */
function DeviceMap({ tileUrl, at }: { tileUrl: string; at: [number, number] | null }) {
  const [tiles, setTiles] = useState<'loading' | 'shown' | 'failed'>('loading')
  return (
    <>
      {tiles === 'failed' ? (
        <p className="map-tiles-failed" role="status" data-testid="map-tiles-failed">
          {lostModeText.tilesFailed}
        </p>
      ) : null}
      <MapContainer center={at ?? DEFAULT_CENTER} zoom={at ? LOCATED_ZOOM : DEFAULT_ZOOM} className="device-map-canvas" attributionControl={false}>
        <TileLayer
          url={tileUrl}
          subdomains={tileSubdomains(tileUrl)}
          eventHandlers={{ tileload: () => setTiles('shown'), tileerror: () => setTiles((now) => (now === 'shown' ? now : 'failed')) }}
        />
        {at ? <CircleMarker center={at} radius={9} pathOptions={{ color: '#1677ff', fillOpacity: 0.6 }} className="device-map-marker" /> : null}
        <FollowMarker at={at} />
      </MapContainer>
    </>
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
      {reported?.address ? (
        <p className="form-hint" data-testid="location-address">
          {lostModeText.address}：{reported.address}
        </p>
      ) : null}
      <div className="device-map" data-testid="device-map" data-lat={point?.latitude} data-lng={point?.longitude}>
        {map ? <DeviceMap tileUrl={map.tileUrl} at={at} /> : null}
      </div>
      {reported ? (
        <a className="adm-button adm-button-primary lost-navigate" href={navigationUrl(reported, device.serialNumber, navigator.userAgent)} target="_blank" rel="noopener">
          {lostModeText.navigate}
        </a>
      ) : null}
      <OnlineButton color="primary" fill="outline" block disabled={refusal !== null} loading={commands.running.has('deviceLocation')} onClick={() => void commands.run('deviceLocation', device)}>
        {t.locate}
      </OnlineButton>
      {refusal ? <p className="form-hint">{refusal}</p> : null}
    </section>
  )
}
