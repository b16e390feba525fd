import type { QueryClient } from '@tanstack/react-query'
import type { IosDeviceRecord } from '../../../shared/contract/my-device'
import { prefetchDeviceList } from '../../components/device/queries'
import { iosDeviceText as t } from '../../../shared/messages/ios-device'
import { uiText } from '../../../shared/messages/common'
import { deviceCommandText } from '../../../shared/messages/devices'
import { popups } from '../../components/lazy-popups'
import { DeviceList } from '../../components/device/DeviceList'
import { useDeviceNavigation } from '../../components/device/navigation'
import { DialogSlot } from '../../components/lazy-dialog'
import { OnlineButton } from '../../components/OnlineButton'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import { iosFamily } from './family'
import type { IosFormMode } from './IosDeviceForm'
import { IOS_DEVICE_ID_PARAM, rememberViewedDevice } from './device-id'
import { IosDeviceForm, ProfileDialog } from './lazy-dialogs'

/** Opens a device's detail: SPEC §2 keeps the viewed id in the browser-stored device-id; the link carries it too. */
function useOpenDetail(from: '/ios/device' | '/ios/recycle') {
  const { openDetail } = useDeviceNavigation(iosFamily)
  return (device: IosDeviceRecord) => {
    rememberViewedDevice(device.id)
    openDetail(from, '/ios/detail', { [IOS_DEVICE_ID_PARAM]: device.id })
  }
}

/** /ios/device (SPEC §2): the list always asks recycleStatus=false; add, register by serial, edit, 设备接入. */
export function IosDeviceScreen() {
  const auth = useAuthorities()
  const form = useDisclosure<IosFormMode>()
  const profile = useDisclosure()
  const open = useOpenDetail('/ios/device')
  return (
    <DeviceList
      family={iosFamily}
      recycle={false}
      onOpen={open}
      onEdit={(device) => form.open({ kind: 'rent', device })}
      toolbar={
        <>
          <OnlineButton size="small" color="primary" onClick={() => form.open({ kind: 'add' })}>
            {t.addDevice}
          </OnlineButton>
          {/* Issue #43 item 6: the other ways in under 更多, so that the toolbar keeps one row on a phone. */}
          <OnlineButton
            size="small"
            onClick={async () => {
              const { ActionSheet } = await popups()
              const handler = ActionSheet.show({
                actions: [
                  { key: 'register', text: t.registerDevice, onClick: () => (handler.close(), form.open({ kind: 'register' })) },
                  ...(auth.isCompanyAccount ? [{ key: 'enrollment', text: t.enrollment, onClick: () => (handler.close(), profile.open(true)) }] : []),
                ],
                cancelText: uiText.cancel,
              })
            }}
          >
            {deviceCommandText.more}
          </OnlineButton>
        </>
      }
    >
      <DialogSlot of={form}>
        {form.value ? <IosDeviceForm key={form.value.kind === 'rent' || form.value.kind === 'device' ? `${form.value.kind}-${form.value.device.id}` : form.value.kind} mode={form.value} visible={form.visible} onClose={form.close} /> : null}
      </DialogSlot>
      <DialogSlot of={profile}>
        <ProfileDialog visible={profile.visible} onClose={profile.close} />
      </DialogSlot>
    </DeviceList>
  )
}

/** /ios/recycle: the recycle bin (recycleStatus=true); devices can be taken back out, singly or selected. */
export function IosRecycleScreen() {
  const open = useOpenDetail('/ios/recycle')
  return <DeviceList family={iosFamily} recycle onOpen={open} />
}

/** Each list's request, started while the router checks authorities (src/app/screens.ts). */
export const prefetchList = {
  iosDevice: (queryClient: QueryClient, search: Record<string, unknown>) => prefetchDeviceList(queryClient, iosFamily, false, search),
  iosRecycle: (queryClient: QueryClient, search: Record<string, unknown>) => prefetchDeviceList(queryClient, iosFamily, true, search),
}
