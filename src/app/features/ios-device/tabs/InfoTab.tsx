import { modelText, productText } from '../../../../shared/domain/apple-models'
import { formatDate } from '../../../../shared/domain/format'
import { huaweiDeviceText as h } from '../../../../shared/messages/devices'
import { iosDeviceText as t } from '../../../../shared/messages/ios-device'
import { InfoSection } from '../../../components/device/InfoSection'
import { lastSeenText } from '../../../components/DeviceSummaryCard'
import type { DeviceInformationResponse } from '../../../../shared/contract/ios-detail-a'
import { deviceInfoText as r } from '../../../../shared/messages/ios-detail-a'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../../api/http'
import { api } from '../../../api/routes'
import { OnlineButton } from '../../../components/OnlineButton'
import { iosCommandRefusal } from '../../../../shared/domain/ios-commands'
import type { IosTabProps } from './tab-props'
import { renewText } from '../../../../shared/messages/biz'
import { tabKey, useSentToDevice } from './use-sent-to-device'

const informationQuery = (deviceId: number) => ({
  queryKey: tabKey(deviceId, 'information'),
  queryFn: () => call(api.iosDetail.information, { deviceId }),
})

const gb = (v: number | null) => (v === null ? '—' : r.gb(v))
const yesNo = (v: boolean | null, yes: string, no: string) => (v === null ? t.unknown : v ? yes : no)

function reportedRows(info: DeviceInformationResponse, lastSeen: string): [string, string][] {
  return [
    [r.modelName, dash(info.modelName)],
    [r.productName, dash(info.productName && productText(info.productName))],
    [r.osVersion, dash(info.osVersion)],
    [r.buildVersion, dash(info.buildVersion)],
    [r.capacity, gb(info.deviceCapacity)],
    [r.available, gb(info.availableDeviceCapacity)],
    [r.battery, info.batteryLevel === null ? '—' : `${Math.round(info.batteryLevel * 100)}%`],
    [r.imei, dash(info.imei)],
    [r.phoneNumber, dash(info.phoneNumber)],
    [r.supervised, yesNo(info.isSupervised, r.yes, r.no)],
    [r.activationLock, yesNo(info.isActivationLockEnabled, r.on, r.off)],
    [r.lastCheckIn, lastSeen],
  ]
}

/** What the device answered to 检查网络 (the command's own report; the toast that says it arrived is gone in seconds). */
function NetworkReport({ network }: { network: DeviceInformationResponse['network'] }) {
  if (!network) return <p className="form-hint" data-testid="network-reported">{r.networkNever}</p>
  const rows: [string, string][] = [
    [r.carrier, dash(network.carrier)],
    [r.cellular, network.cellularTechnology === null ? '—' : (r.cellularTechnology[network.cellularTechnology] ?? String(network.cellularTechnology))],
    [r.roaming, yesNo(network.isRoaming, r.roamingNow, r.notRoaming)],
    [r.dataRoaming, yesNo(network.dataRoamingEnabled, r.on, r.off)],
    [r.hotspot, yesNo(network.personalHotspotEnabled, r.on, r.off)],
    [r.wifiMac, dash(network.wifiMac)],
    [r.bluetoothMac, dash(network.bluetoothMac)],
    [r.iccid, dash(network.iccid)],
  ]
  return (
    <>
      <InfoSection title={r.networkTitle} rows={rows} />
      <p className="form-hint" data-testid="network-reported">
        {r.networkReportedAt(formatDate(network.reportedAt))}
      </p>
    </>
  )
}

/** What the device answered to DeviceInformation, and the refresh that asks it again (the task is followed). */
function ReportedInformation({ device, now }: IosTabProps) {
  const info = useQuery(informationQuery(device.id))
  const refresh = useSentToDevice(api.iosDetail.refreshInformation, device.id, r.refresh, r.refreshed)
  // The same rule as the commands that only ask the device (enrolled, in use).
  const refusal = iosCommandRefusal(device, 'checkNetwork')
  const lastSeen = device.lastCommunicationTime ? `${formatDate(device.lastCommunicationTime)}（${lastSeenText(device, now)}）` : h.neverCommunicated
  return (
    <>
      {info.data ? <InfoSection title={r.title} rows={reportedRows(info.data, lastSeen)} /> : null}
      <p className="form-hint" data-testid="information-reported">{info.data?.reportedAt ? r.reportedAt(formatDate(info.data.reportedAt)) : r.never}</p>
      <div className="tab-buttons">
        <OnlineButton color="primary" disabled={refusal !== null} loading={refresh.isPending} onClick={() => refresh.mutate({ deviceId: device.id })}>
          {r.refresh}
        </OnlineButton>
      </div>
      {refusal ? <p className="form-hint">{refusal}</p> : null}
      {info.data ? <NetworkReport network={info.data.network} /> : null}
    </>
  )
}

const dash = (value: string | null | undefined) => value || '—'
const serviceEndText = (iso: string, now: number) => `${formatDate(iso, 'yyyy-MM-dd')}${Date.parse(iso) <= now ? `（${renewText.expired}）` : ''}`

function maskIdCard(value: string): string {
  return value.length === 18 ? `${value.slice(0, 6)}********${value.slice(14)}` : value
}

/** 设备信息: device, lost-mode and rent information of an Apple device, as it last reported. */
export function InfoTab({ device, now }: IosTabProps) {
  const lost = device.lostModeInfo
  return (
    <>
      <ReportedInformation device={device} now={now} />
      <InfoSection
        title={h.deviceInfo}
        rows={[
          [h.serialNumber, device.serialNumber],
          [t.deviceName, dash(device.name)],
          [t.model, dash(device.model && modelText(device.model))],
          [h.osVersion, dash(device.osVersion)],
          [t.udid, dash(device.udid)],
          [h.lastCommunicationTime, device.lastCommunicationTime ? `${formatDate(device.lastCommunicationTime)}（${lastSeenText(device, now)}）` : h.neverCommunicated],
          [h.enrolled, device.enrolled ? h.enrolledYes : device.wiped ? t.wiped : t.notEnrolled],
          [t.supervised, yesNo(device.supervised, r.yes, r.no)],
          ...(device.enrolled ? [[t.enrollmentKind, device.abmEnrolled ? t.enrolledByAbm : t.enrolledByProfile] as [string, string]] : []),
          [t.activationLock, yesNo(device.activationLockEnabled, t.activationLockOn, t.activationLockOff)],
          [t.remark, dash(device.remark)],
          [h.company, device.companyName],
          [h.staff, device.staffName ?? h.unassigned],
          // Issue #15: the service period (docs/renewals.md); renewals on /ios/renew move it.
          [renewText.serviceEnd, serviceEndText(device.serviceEndsAt, now)],
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

