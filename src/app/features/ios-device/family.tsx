import { Tag } from 'antd-mobile'
import type { IosDeviceRecord } from '../../../shared/contract/my-device'
import type { MyDeviceCommandName } from '../../../shared/domain/ios-commands'
import { deviceAreaAuthorities } from '../../../shared/domain/device-areas'
import { iosDeviceText as t } from '../../../shared/messages/ios-device'
import { iosAppTaskLabels, iosDetailTaskLabels } from '../../../shared/messages/ios-task-labels'
import { api } from '../../api/routes'
import type { DeviceFamily } from '../../components/device/family'
import { iosCommands } from './commands'
import './ios.css'

/** What an iPhone reported of itself, as tags: lost mode, pay mode, supervision (SPEC §3 lostStatus). */
function IosStateTags({ device }: { device: IosDeviceRecord }) {
  return (
    <>
      {device.lostStatus ? (
        <Tag color="danger" data-testid="lost-tag">
          {t.lostMode}
        </Tag>
      ) : null}
      {device.payMode ? <Tag color="warning">{t.payMode}</Tag> : null}
      {/* An erased iPhone says so in its state tag (deviceState: 已抹掉), and is supervised no more until enrolled again. */}
      {device.supervised && !(device.wiped && !device.enrolled) ? (
        <Tag color="success" fill="outline">
          {t.supervised}
        </Tag>
      ) : null}
      {/* Issue #42: enrolled through Apple Business Manager; while still in Setup Assistant it says so. */}
      {device.abmEnrolled && device.enrolled ? (
        <Tag color="primary" fill="outline" data-testid="abm-tag">
          {device.awaitingConfiguration ? t.awaitingConfiguration : t.abmEnrolled}
        </Tag>
      ) : null}
      {/* Reached the server (Authenticate) but never finished enrolling: the shared 未接入 tag covers only "never seen". */}
      {!device.enrolled && !device.wiped && device.lastCommunicationTime !== null ? (
        <Tag color="warning" fill="outline">
          {t.notEnrolled}
        </Tag>
      ) : null}
    </>
  )
}

/**
 * The Apple family (SPEC §2 /ios/device, /ios/recycle, /ios/detail; §7 'my device' on the main base): the shared
 * device screens plus this declaration. Commands are followed through the main base's /task/status.
 */
export const iosFamily: DeviceFamily<MyDeviceCommandName, IosDeviceRecord> = {
  platform: 'IOS',
  api: { ...api.myDevice, taskSearch: api.myDeviceExtras.taskSearch, taskStatus: api.task.status },
  listPath: '/ios/device',
  recyclePath: '/ios/recycle',
  authority: deviceAreaAuthorities.IOS,
  commands: iosCommands,
  taskLabels: { ...iosAppTaskLabels, ...iosDetailTaskLabels },
  quotaKind: 'IOS',
  StateTags: IosStateTags,
}
