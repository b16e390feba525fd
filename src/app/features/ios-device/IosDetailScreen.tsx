import type { QueryClient } from '@tanstack/react-query'
import { prefetchDeviceDetail } from '../../components/device/queries'
import { param, parseSearch } from '../../components/search-params'
import { DeviceDetailShell } from '../../components/device/DeviceDetailShell'
import { useDeviceNavigation } from '../../components/device/navigation'
import { DialogSlot } from '../../components/lazy-dialog'
import { OnlineButton } from '../../components/OnlineButton'
import { useDisclosure } from '../../components/use-disclosure'
import { useSearchState } from '../../components/use-search-state'
import { iosDeviceText as t } from '../../../shared/messages/ios-device'
import { IOS_DEVICE_ID_PARAM, lastViewedDevice } from './device-id'
import { iosFamily } from './family'
import type { IosFormMode } from './IosDeviceForm'
import { IosDeviceForm } from './lazy-dialogs'
import { IosTabs } from './tabs/IosTabs'
import { LostModeSummary } from './LostModeSummary'

const detailSearch = { [IOS_DEVICE_ID_PARAM]: param.id }

/** The device the detail shows: the one in its link, else the one last viewed here. */
const shownDevice = (search: { [IOS_DEVICE_ID_PARAM]?: number }) => search[IOS_DEVICE_ID_PARAM] ?? lastViewedDevice()

/** /ios/detail (SPEC §2): the shared detail shell with Apple's information, its edits and the task log. */
export function IosDetailScreen() {
  const [search] = useSearchState(detailSearch)
  const deviceId = shownDevice(search)
  const { backToList } = useDeviceNavigation(iosFamily)
  const form = useDisclosure<IosFormMode>()
  return (
    <DeviceDetailShell
      family={iosFamily}
      taskLog={false}
      deviceId={deviceId}
      onBack={(recycled) => backToList(recycled)}
      summary={(device) => <LostModeSummary device={device} />}
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
      {(device, now) => <IosTabs device={device} now={now} />}
    </DeviceDetailShell>
  )
}

/** The detail's request, started while the router checks authorities (src/app/screens.ts), for the device the screen shows. */
export const prefetchDetail = (queryClient: QueryClient, search: Record<string, unknown>) =>
  prefetchDeviceDetail(queryClient, iosFamily, shownDevice(parseSearch(detailSearch, search)))
