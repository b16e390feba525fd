import type { IosDeviceRecord } from '../../../shared/contract/my-device'
import { formatDate } from '../../../shared/domain/format'
import { lostModeText as t } from '../../../shared/messages/lost-mode'
import { iosDeviceText } from '../../../shared/messages/ios-device'
import { navigationUrl } from './navigation-link'

/** The reported position with its accuracy and time, and the way there in the phone's map app. */
export function PositionLine({ location, label, address }: { location: NonNullable<IosDeviceRecord['location']>; label: string; address?: string | null }) {
  const place = iosDeviceText.locationValue(location.latitude, location.longitude, location.horizontalAccuracy)
  return (
    <>
      <p className="lost-line" data-testid="position-line">
        {t.lastSeenAt(place, formatDate(location.at, 'MM-dd hh:mm'))}
      </p>
      {address ? (
        <p className="lost-line" data-testid="position-address">
          {t.address}：{address}
        </p>
      ) : null}
      <a className="adm-button adm-button-primary adm-button-shape-default lost-navigate" href={navigationUrl(location, label, navigator.userAgent)} target="_blank" rel="noopener">
        {t.navigate}
      </a>
    </>
  )
}

/**
 * Issue #43 item 4: an iPhone in lost mode says so first — what its lock screen shows (message and phone), since when,
 * and where it was last reported, with the way there. Not for pay mode, which is lost mode showing a payment notice.
 */
export function LostModeSummary({ device }: { device: IosDeviceRecord }) {
  if (!device.lostStatus || device.payMode) return null
  const info = device.lostModeInfo
  return (
    <section className="lost-summary" aria-label={t.title} data-testid="lost-summary">
      <p className="lost-head">
        <strong>{t.title}</strong>
        <span>{info?.since ? t.since(formatDate(info.since, 'MM-dd hh:mm')) : t.sinceUnknown}</span>
      </p>
      <dl className="lost-facts">
        <dt>{t.message}</dt>
        <dd>{info?.message || t.none}</dd>
        <dt>{t.phone}</dt>
        <dd>{info?.phoneNumber ? <a href={`tel:${info.phoneNumber}`}>{info.phoneNumber}</a> : t.none}</dd>
      </dl>
      {device.location ? <PositionLine location={device.location} label={device.serialNumber} /> : <p className="lost-line">{t.noLocation}</p>}
    </section>
  )
}
