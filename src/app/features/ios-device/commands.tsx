import type { TaskStatusResponse } from '../../../shared/contract/huawei-device'
import type { IosDeviceRecord } from '../../../shared/contract/my-device'
import { iosCommandRefusal, type MyDeviceCommandName } from '../../../shared/domain/ios-commands'
import { errorMessages, uiText } from '../../../shared/messages/common'
import { appleDeviceText, appleMdmText } from '../../../shared/messages/apple'
import { iosDeviceText as t } from '../../../shared/messages/ios-device'
import type { CommandDeclaration } from '../../components/device/family'
import { notify } from '../../notify'
import { popups } from '../../components/lazy-popups'

/**
 * SPEC §4 unmanage action 3: the activation-lock bypass code in a modal. It comes from the task's result, which only
 * its author can read; the task-status query is never persisted, and nothing here keeps it.
 */
async function showActivationLockPassword(task: Pick<TaskStatusResponse, 'result'>): Promise<void> {
  const code = task.result?.activationLockBypassCode
  const password = typeof code === 'string' ? code : ''
  const { Dialog } = await popups()
  await Dialog.alert({
    title: t.activationLockPasswordTitle,
    content: password ? (
      <p className="secret-value" style={{ fontSize: 18, textAlign: 'center', margin: 0, wordBreak: 'break-all' }} data-testid="activation-lock-password">
        {password}
      </p>
    ) : (
      <p style={{ textAlign: 'center', margin: 0 }}>{t.noActivationLockPassword}</p>
    ),
    confirmText: uiText.close,
  })
}

const named = (name: MyDeviceCommandName) => (serial: string) => ({ text: t.confirm(appleDeviceText.commandLabels[name], serial) })

/** The parameter dialogs are fetched when first asked for. */
const lostMode = (pay: boolean) => async () => (await import('./params')).askLostMode(pay)

/**
 * The Apple commands of SPEC §7 'my device', in the grid's order: everyday first, the unmanage actions of SPEC §4
 * and the other destructive ones last; the detail shows the `primary` four first (lost mode, its sound, location, a
 * check) and the rest in its 更多指令 sheet (issue #43 item 5). Lost mode on and off is one tap on the card (SPEC §4: in the list, the
 * fallback action is 解除丢失). Whether a device can take a command now is iosCommandRefusal's answer — the
 * server refuses with the same words.
 */
export const iosCommands: readonly CommandDeclaration<MyDeviceCommandName, IosDeviceRecord>[] = (
  [
    { name: 'enableLostMode', quick: true, primary: true, offeredWhen: (d) => !d.lostStatus, params: lostMode(false) },
    { name: 'disableLostMode', quick: true, primary: true, bulk: true, offeredWhen: (d) => d.lostStatus, confirm: named('disableLostMode') },
    { name: 'playLostModeSound', bulk: true, primary: true },
    { name: 'deviceLocation', primary: true },
    { name: 'checkNetwork', bulk: true, primary: true },
    { name: 'installedApplicationList', bulk: true },
    { name: 'openPayMode', offeredWhen: (d) => !d.payMode, params: lostMode(true) },
    { name: 'closePayMode', offeredWhen: (d) => d.payMode, confirm: named('closePayMode') },
    { name: 'clearPasscode', confirm: named('clearPasscode') },
    { name: 'macLock', params: async () => (await import('./params')).askPin() },
    { name: 'activationLock', confirm: named('activationLock') },
    {
      name: 'showActivationLockPassword',
      resultWaitText: t.activationLockPasswordWaiting,
      showResult: async (task) => {
        try {
          await showActivationLockPassword(task)
        } catch {
          notify.warning(errorMessages.networkFailed)
        }
      },
    },
    // SPEC §4: InstallAction is always Default (download, install when the device is idle).
    { name: 'scheduleOSUpdate', confirm: (serial) => ({ text: t.updateConfirm(serial) }), params: async () => ({ installAction: 'Default' }) },
    { name: 'oneClickLockDown', confirm: (serial) => ({ text: t.lockDownConfirm(serial, appleMdmText.lockDownMessage) }) },
    { name: 'disableActivationLock', destructive: true, confirm: (serial) => ({ text: t.confirmDisableActivationLock(serial) }) },
    { name: 'removeProfile', destructive: true, confirm: (serial) => ({ text: t.confirmRemoveProfile(serial) }) },
    { name: 'disownDevice', destructive: true, confirm: (serial) => ({ text: t.confirmDisown(serial) }) },
    { name: 'deviceErase', destructive: true, confirm: (serial) => ({ text: t.confirmErase(serial) }) },
  ] satisfies Omit<CommandDeclaration<MyDeviceCommandName, IosDeviceRecord>, 'label' | 'doneText'>[]
).map((command) => ({
  ...command,
  label: appleDeviceText.commandLabels[command.name],
  doneText: t.commandDone[command.name],
  unavailable: (d: IosDeviceRecord) => iosCommandRefusal(d, command.name),
}))
