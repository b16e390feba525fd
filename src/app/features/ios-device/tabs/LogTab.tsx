import { TaskLog } from '../../../components/device/TaskLog'
import { iosFamily } from '../family'
import type { IosTabProps } from './tab-props'

/** 日志: the device's tasks, newest first, who sent each and how it ended (the shared task log). */
export function LogTab({ device }: IosTabProps) {
  return <TaskLog family={iosFamily} deviceId={device.id} />
}
