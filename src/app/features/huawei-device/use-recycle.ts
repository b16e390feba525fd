import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { successMessages } from '../../../shared/messages/common'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { confirmAction } from '../../components/dialogs'
import { notify } from '../../notify'
import type { DeviceArea } from './area'
import { useDeviceMutations } from './queries'

/**
 * 淘汰 (into the recycle bin, after a confirmation naming the device) and 移出回收站, for the list and the detail
 * alike (SPEC §4). A refused request shows the server's message only.
 */
export function useRecycle(area: DeviceArea) {
  const { putInRecycle, takeOutRecycle } = useDeviceMutations(area)
  const recycle = async (device: Pick<DeviceRecord, 'id' | 'serialNumber'>) => {
    if (!(await confirmAction(t.confirmCommand(t.recycle, device.serialNumber), t.recycle))) return
    try {
      await putInRecycle.mutateAsync(device.id)
    } catch {
      return
    }
    notify.success(successMessages.eliminateDevice)
  }
  const takeOut = async (device: Pick<DeviceRecord, 'id'>) => {
    try {
      await takeOutRecycle.mutateAsync(device.id)
    } catch {
      return
    }
    notify.success(t.takeOutSuccess)
  }
  return { recycle, takeOut }
}
