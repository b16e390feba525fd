import { useMutation } from '@tanstack/react-query'
import { successMessages } from '../../../shared/messages/common'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { confirmAction } from '../dialogs'
import { notify } from '../../notify'
import type { DeviceFamily } from './family'
import { setRecycled, useDevicesChanged } from './queries'

/**
 * 淘汰 (into the recycle bin, after a confirmation naming the device) and 移出回收站, for any family's list and
 * detail alike (SPEC §4). A refused request shows the server's message only.
 */
export function useRecycle(family: Pick<DeviceFamily, 'platform' | 'api'>) {
  const changed = useDevicesChanged(family)
  const move = useMutation({
    mutationFn: ({ id, recycled }: { id: number; recycled: boolean }) => setRecycled(family, id, recycled),
    onSuccess: (_d, { id }) => changed(id),
  })
  const recycle = async (device: { id: number; serialNumber: string }) => {
    if (!(await confirmAction(t.confirmCommand(t.recycle, device.serialNumber), t.recycle))) return
    try {
      await move.mutateAsync({ id: device.id, recycled: true })
    } catch {
      return
    }
    notify.success(successMessages.eliminateDevice)
  }
  const takeOut = async (device: { id: number }) => {
    try {
      await move.mutateAsync({ id: device.id, recycled: false })
    } catch {
      return
    }
    notify.success(t.takeOutSuccess)
  }
  return { recycle, takeOut }
}
