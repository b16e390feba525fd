import type { TaskRecord } from '../../../shared/contract/huawei-device'
import { deviceText } from '../../../shared/messages'

/**
 * Why a task failed, in Chinese: a TIMEOUT carries the server's own sentence; an ERROR the reason the device
 * reported, in whatever language its software speaks, so it is introduced as the device's answer.
 */
export function taskFailureText(task: Pick<TaskRecord, 'status' | 'errorMessage'>): string | null {
  if (!task.errorMessage) return null
  return task.status === 'ERROR' ? deviceText.deviceReason(task.errorMessage) : task.errorMessage
}
