/**
 * WGS-84 → GCJ-02, the datum Chinese map tiles are drawn in (devices report WGS-84). The published algorithm (the
 * Krasovsky 1940 ellipsoid and the obfuscation polynomials), as in the widely used eviltransform library; outside
 * mainland China GCJ-02 equals WGS-84 (the same rough bounding box those libraries use).
 */
export interface LatLng {
  latitude: number
  longitude: number
}

const A = 6378245.0
const EE = 0.006693421622965943

export function outOfChina({ latitude, longitude }: LatLng): boolean {
  return longitude < 72.004 || longitude > 137.8347 || latitude < 0.8293 || latitude > 55.8271
}

function transformLat(x: number, y: number): number {
  let r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x))
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0
  r += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0
  r += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0
  return r
}

function transformLng(x: number, y: number): number {
  let r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x))
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0
  r += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0
  r += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0
  return r
}

export function wgs84ToGcj02(point: LatLng): LatLng {
  if (outOfChina(point)) return { ...point }
  const { latitude, longitude } = point
  const radLat = (latitude / 180.0) * Math.PI
  const magic = 1 - EE * Math.sin(radLat) * Math.sin(radLat)
  const sqrtMagic = Math.sqrt(magic)
  const dLat = (transformLat(longitude - 105.0, latitude - 35.0) * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI)
  const dLng = (transformLng(longitude - 105.0, latitude - 35.0) * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI)
  return { latitude: latitude + dLat, longitude: longitude + dLng }
}

/** A reported (WGS-84) point in the datum of the configured tiles. */
export function toTileDatum(point: LatLng, coordinates: 'WGS84' | 'GCJ02'): LatLng {
  return coordinates === 'GCJ02' ? wgs84ToGcj02(point) : { latitude: point.latitude, longitude: point.longitude }
}
