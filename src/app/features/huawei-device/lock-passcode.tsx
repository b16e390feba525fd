import { Dialog } from '../../components/popups'
import type { TaskStatusResponse } from '../../../shared/contract/huawei-device'
import { uiText } from '../../../shared/messages/common'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'

/*
 * Loaded only when a lock passcode was asked for and the device answered (the shared command follow-up waits for
 * the task through the task-status query; this shows its answer).
 */

/**
 * SPEC §4: the lock passcode dialog shows the returned password, or the no-lock-password message when empty. The
 * answer is shown once; the task-status query that carried it is never persisted.
 */
export async function showLockPasscode(task: Pick<TaskStatusResponse, 'result'>): Promise<void> {
  const password = typeof task.result?.password === 'string' ? task.result.password : ''
  await Dialog.alert({
    title: t.lockPasscodeTitle,
    content: password ? (
      <p className="secret-value" style={{ fontSize: 22, textAlign: 'center', margin: 0 }} data-testid="lock-passcode">
        {password}
      </p>
    ) : (
      <p style={{ textAlign: 'center', margin: 0 }}>{t.noLockPasscode}</p>
    ),
    confirmText: uiText.close,
  })
}
