import { useMemo } from 'react'
import { useMutation } from '@tanstack/react-query'
import { encode } from 'uqr'
import { formatDate } from '../../../shared/domain/format'
import { iosDeviceText as t } from '../../../shared/messages/ios-device'
import { call } from '../../api/http'
import { download } from '../../api/download'
import { api } from '../../api/routes'
import { EnrollmentPopup, IssuedValue } from '../../components/device/EnrollmentPopup'
import { OnlineButton } from '../../components/OnlineButton'

/** A QR code drawn as SVG rectangles (no markup strings, nothing the CSP would have to allow). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = useMemo(() => encode(text, { ecc: 'M', border: 2 }), [text])
  const cells: string[] = []
  data.forEach((row, y) => row.forEach((dark, x) => dark && cells.push(`M${x} ${y}h1v1h-1z`)))
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width="220" height="220" shapeRendering="crispEdges" className="enroll-qr" data-testid="enrollment-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  )
}

/**
 * 设备接入 for Apple devices (docs/apple-mdm.md): a one-time, short-lived link to a fresh enrollment profile of the
 * company, as a QR code an iPhone's camera opens and as text to copy; or the profile downloaded here. The link is
 * kept only in this dialog's state: never in the query cache, never persisted.
 */
export function ProfileDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const link = useMutation({ mutationFn: () => call(api.myDeviceExtras.enrollmentLink) })
  const url = link.data ? `${window.location.origin}${link.data.path}` : null
  return (
    <EnrollmentPopup visible={visible} title={t.enrollmentTitle} text={t.enrollmentText} issuer={link} onClose={onClose}>
      {url && link.data ? (
        <>
          <QrCode text={url} label={t.enrollmentQrAlt} />
          <IssuedValue label={t.enrollmentLink} value={url} testId="enrollment-link">
            <p className="form-hint" style={{ padding: 0 }}>
              {t.enrollmentExpires(formatDate(link.data.expiresAt))}
            </p>
          </IssuedValue>
        </>
      ) : null}
      <OnlineButton block color={url ? 'default' : 'primary'} loading={link.isPending} onClick={() => link.mutate()}>
        {t.enrollmentGenerate}
      </OnlineButton>
      <OnlineButton block onClick={() => void download(api.myDevice.enrollmentProfile, {}, { fileName: 'mdm-enrollment.mobileconfig' })}>
        {t.enrollmentDownload}
      </OnlineButton>
    </EnrollmentPopup>
  )
}
