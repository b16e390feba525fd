import type { AgentCommand } from '../../../shared/contract/agent'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { errorMessages } from '../../../shared/messages/common'
import { deviceCommandText as c, huaweiDeviceText as t } from '../../../shared/messages/devices'
import type { CommandDeclaration } from '../../components/device/family'
import { notify } from '../../notify'
import { powerOf, reportedState } from './power'

const confirmNamed = (name: AgentCommand) => (device: string) => ({ text: t.confirmCommand(t.commandLabels[name], device) })

/** A device that left management takes no command (the agent stops polling); nothing is offered until it re-enrols. */
const leftManagement = (s: { controlled?: boolean }) => (s.controlled === false ? c.leftManagement : null)

/** Shut down or rebooted: off until its next poll, when it can take another. */
const poweredOff = (d: DeviceRecord) => {
  const power = powerOf(d, Date.now())
  return power === 'restarting' ? c.restarting : power === 'off' ? c.poweredOff : null
}

/**
 * The Huawei and Mi commands (SPEC §7), in the grid's order: the everyday ones first, the destructive ones last.
 * Lock and unlock follow the device's state and are one tap on its card.
 */
export const agentCommands: readonly CommandDeclaration<AgentCommand, DeviceRecord>[] = (
  [
    { name: 'lockScreen', quick: true, bulk: true, offeredWhen: (d) => reportedState(d).locked !== true },
    { name: 'unlockScreen', quick: true, bulk: true, offeredWhen: (d) => reportedState(d).locked !== false },
    { name: 'check', bulk: true },
    { name: 'getDeviceInfo', bulk: true },
    {
      name: 'getLockPasscode',
      // The passcode dialog (and what it reads) is fetched only when a passcode is asked for.
      showResult: async (task) => {
        try {
          await (await import('./lock-passcode')).showLockPasscode(task)
        } catch {
          notify.warning(errorMessages.networkFailed)
        }
      },
    },
    { name: 'clearPasscode', confirm: confirmNamed('clearPasscode') },
    { name: 'backDesktop', bulk: true },
    { name: 'runApp', bulk: true },
    { name: 'logOff', confirm: confirmNamed('logOff') },
    { name: 'reboot', bulk: true, confirm: confirmNamed('reboot'), unavailable: poweredOff },
    { name: 'shutdown', bulk: true, destructive: true, confirm: confirmNamed('shutdown'), unavailable: poweredOff },
    { name: 'restoreSettings', destructive: true, confirm: (device) => ({ text: t.confirmRestore(device) }) },
    // The control-exit dialog (SPEC §2): what leaving management means, naming the device; the secondary password
    // and the red button are every irreversible command's (use-device-command.ts).
    { name: 'exitControl', destructive: true, confirm: (device) => ({ title: t.exitControlTitle, text: t.exitControlText(device) }) },
  ] satisfies Omit<CommandDeclaration<AgentCommand, DeviceRecord>, 'label' | 'doneText'>[]
).map((command) => ({
  ...command,
  label: t.commandLabels[command.name],
  doneText: t.commandSuccess[command.name],
  unavailable: (d: DeviceRecord) => leftManagement(reportedState(d)) ?? command.unavailable?.(d) ?? null,
}))
