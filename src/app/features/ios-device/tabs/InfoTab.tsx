import { formatDate } from '../../../../shared/domain/format'
import { huaweiDeviceText as h } from '../../../../shared/messages/devices'
import { iosDeviceText as t } from '../../../../shared/messages/ios-device'
import { InfoSection } from '../../../components/device/InfoSection'
import { lastSeenText } from '../../../components/DeviceSummaryCard'
import type { IosTabProps } from './registry'

const dash = (value: string | null | undefined) => value || '—'
const known = (value: boolean | null, yes: string, no: string) => (value === null ? t.unknown : value ? yes : no)

function maskIdCard(value: string): string {
  return value.length === 18 ? `${value.slice(0, 6)}********${value.slice(14)}` : value
}

/** 设备信息: device, lost-mode and rent information of an Apple device, as it last reported. */
export function InfoTab({ device, now }: IosTabProps) {
  const lost = device.lostModeInfo
  return (
    <>
      <InfoSection
        title={h.deviceInfo}
        rows={[
          [h.serialNumber, device.serialNumber],
          [t.deviceName, dash(device.name)],
          [t.model, dash(device.model)],
          [h.osVersion, dash(device.osVersion)],
          [t.udid, dash(device.udid)],
          [h.lastCommunicationTime, device.lastCommunicationTime ? `${formatDate(device.lastCommunicationTime)}（${lastSeenText(device, now)}）` : h.neverCommunicated],
          [h.enrolled, device.enrolled ? h.enrolledYes : device.wiped ? t.wiped : t.notEnrolled],
          [t.supervised, known(device.supervised, t.supervised, t.notSupervised)],
          [t.activationLock, known(device.activationLockEnabled, t.activationLockOn, t.activationLockOff)],
          [t.remark, dash(device.remark)],
          [h.company, device.companyName],
          [h.staff, device.staffName ?? h.unassigned],
        ]}
      />
      {device.lostStatus || device.location ? (
        <InfoSection
          title={device.payMode ? t.payMode : t.lostMode}
          rows={[
            ...(lost ? ([[t.lostMessage, dash(lost.message)], [t.lostPhone, dash(lost.phoneNumber)]] as const) : []),
            ...(device.location
              ? ([[t.location, `${t.locationValue(device.location.latitude, device.location.longitude, device.location.horizontalAccuracy)} · ${formatDate(device.location.at)}`]] as const)
              : []),
          ]}
        />
      ) : null}
      <InfoSection
        title={h.rentInfo}
        rows={[
          [h.renterName, dash(device.renterName)],
          [h.renterPhone, dash(device.renterPhone)],
          [h.renterIdCard, device.renterIdCard ? maskIdCard(device.renterIdCard) : '—'],
          [h.rentRemark, dash(device.rentRemark)],
        ]}
      />
    </>
  )
}

