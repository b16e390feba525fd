import { useQuery } from '@tanstack/react-query'
import type { IosDeviceRecord } from '../../../shared/contract/my-device'
import { formatDate } from '../../../shared/domain/format'
import { huaweiDeviceText as h } from '../../../shared/messages/devices'
import { iosDeviceText as t } from '../../../shared/messages/ios-device'
import { DeviceDetailShell } from '../../components/device/DeviceDetailShell'
import { InfoSection } from '../../components/device/InfoSection'
import { useDeviceNavigation } from '../../components/device/navigation'
import { lastSeenText } from '../../components/DeviceSummaryCard'
import { DialogSlot } from '../../components/lazy-dialog'
import { OnlineButton } from '../../components/OnlineButton'
import { param } from '../../components/search-params'
import { useDisclosure } from '../../components/use-disclosure'
import { useSearchState } from '../../components/use-search-state'
import { IOS_DEVICE_ID_PARAM, lastViewedDevice } from './device-id'
import { iosFamily } from './family'
import type { IosFormMode } from './IosDeviceForm'
import { IosDeviceForm } from './lazy-dialogs'
import { installedAppsQuery } from './queries'

const detailSearch = { [IOS_DEVICE_ID_PARAM]: param.id }
const dash = (value: string | null | undefined) => value || '—'
const known = (value: boolean | null, yes: string, no: string) => (value === null ? t.unknown : value ? yes : no)

function maskIdCard(value: string): string {
  return value.length === 18 ? `${value.slice(0, 6)}********${value.slice(14)}` : value
}

/** Device, lost-mode and rent information of an Apple device, as it last reported. */
function IosInfo({ device, now }: { device: IosDeviceRecord; now: number }) {
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
      <InstalledApps deviceId={device.id} />
    </>
  )
}

/** What the device last reported as installed (installedApplicationList refreshes it). */
function InstalledApps({ deviceId }: { deviceId: number }) {
  const apps = useQuery(installedAppsQuery(deviceId))
  const data = apps.data
  return (
    <section className="device-section" aria-label={t.installedApps}>
      <h2>{t.installedApps}</h2>
      {!data ? null : data.reportedAt === null ? (
        <p className="form-hint">{t.appsNeverReported}</p>
      ) : (
        <>
          <p className="form-hint">{t.appsReportedAt(formatDate(data.reportedAt))}</p>
          {data.apps.length === 0 ? (
            <p>{t.noApps}</p>
          ) : (
            <ul className="app-list">
              {data.apps.map((app) => (
                <li key={app.identifier}>
                  <span className="app-name">{app.name || app.identifier}</span>
                  <span className="app-version">{app.version}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

/** /ios/detail (SPEC §2): the shared detail shell with Apple's information, its edits and the task log. */
export function IosDetailScreen() {
  const [search] = useSearchState(detailSearch)
  const deviceId = search[IOS_DEVICE_ID_PARAM] ?? lastViewedDevice()
  const { backToList } = useDeviceNavigation(iosFamily)
  const form = useDisclosure<IosFormMode>()
  return (
    <DeviceDetailShell
      family={iosFamily}
      deviceId={deviceId}
      onBack={(recycled) => backToList(recycled)}
      actions={(device) => (
        <>
          <OnlineButton onClick={() => form.open({ kind: 'device', device })}>{t.editDevice}</OnlineButton>
          <OnlineButton onClick={() => form.open({ kind: 'rent', device })}>{t.editRent}</OnlineButton>
        </>
      )}
      dialogs={
        <DialogSlot of={form}>
          {form.value && form.value.kind !== 'add' && form.value.kind !== 'register' ? (
            <IosDeviceForm key={`${form.value.kind}-${form.value.device.id}`} mode={form.value} visible={form.visible} onClose={form.close} />
          ) : null}
        </DialogSlot>
      }
    >
      {(device, now) => <IosInfo device={device} now={now} />}
    </DeviceDetailShell>
  )
}
