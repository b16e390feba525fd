/**
 * Issue #43: a link that opens navigation to a reported position in the phone's own map app. Android hands a geo: URI
 * (RFC 5870, WGS-84) to whichever map app the user chose; iPhones' Safari has no geo: handler, Apple Maps takes its own
 * address (and converts for China itself); elsewhere AMap's web URI, told the point is WGS-84, opens the app or the page.
 */
export function navigationUrl(point: { latitude: number; longitude: number }, label: string, userAgent: string): string {
  const lat = point.latitude.toFixed(6)
  const lng = point.longitude.toFixed(6)
  if (/iPhone|iPad|iPod/.test(userAgent)) return `https://maps.apple.com/?daddr=${lat},${lng}&q=${encodeURIComponent(label)}`
  if (/Android/.test(userAgent)) return `geo:${lat},${lng}?q=${lat},${lng}(${encodeURIComponent(label)})`
  return `https://uri.amap.com/marker?position=${lng},${lat}&name=${encodeURIComponent(label)}&coordinate=wgs84&callnative=1`
}
