import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { DeviceList } from '../../components/device/DeviceList'
import { useDevicesChanged } from '../../components/device/queries'
import { MoveDeviceDialog } from '../../components/lazy-device-move'
import { DialogSlot } from '../../components/lazy-dialog'
import { OnlineButton } from '../../components/OnlineButton'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import type { DeviceArea } from './area'
import { DeviceFormDialog, EnrollmentDialog } from './lazy-dialogs'

/** The Huawei and Mi lists: the shared device list plus this area's add, edit, transfer and enrollment-token dialogs. */
export function AreaDeviceList({ area, recycle, onOpen }: { area: DeviceArea; recycle: boolean; onOpen: (device: DeviceRecord) => void }) {
  const auth = useAuthorities()
  const editor = useDisclosure<DeviceRecord | null>()
  const mover = useDisclosure<DeviceRecord>()
  const enrollment = useDisclosure()
  const devicesChanged = useDevicesChanged(area)
  return (
    <DeviceList
      family={area}
      recycle={recycle}
      onOpen={onOpen}
      onEdit={(device) => editor.open(device)}
      onMove={(device) => mover.open(device)}
      toolbar={
        <>
          <OnlineButton size="small" color="primary" onClick={() => editor.open(null)}>
            {t.addDevice}
          </OnlineButton>
          {auth.isCompanyAccount ? (
            <OnlineButton size="small" onClick={() => enrollment.open(true)}>
              {t.enrollment}
            </OnlineButton>
          ) : null}
        </>
      }
    >
      <DialogSlot of={editor}>
        <DeviceFormDialog key={editor.value?.id ?? 'new'} area={area} visible={editor.visible} editing={editor.value} onClose={editor.close} />
      </DialogSlot>
      <DialogSlot of={mover}>
        <MoveDeviceDialog key={mover.value?.id} platform={area.platform} device={mover.value} visible={mover.visible} onClose={mover.close} onMoved={devicesChanged} />
      </DialogSlot>
      <DialogSlot of={enrollment}>
        <EnrollmentDialog area={area} visible={enrollment.visible} onClose={enrollment.close} />
      </DialogSlot>
    </DeviceList>
  )
}
