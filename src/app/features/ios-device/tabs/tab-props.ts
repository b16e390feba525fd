import type { IosDeviceRecord } from '../../../../shared/contract/my-device'

/** What every tab of the Apple detail receives: the device as last loaded, and the screen's clock. */
export interface IosTabProps {
  device: IosDeviceRecord
  now: number
}
