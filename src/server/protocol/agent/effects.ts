import type { AgentTaskType, DeviceState } from '../../../shared/contract/agent'

/**
 * What a successfully executed command implies for the device's state, for agents that report no state of their
 * own. A state the agent does report is applied after this and wins.
 */
export function impliedState(command: AgentTaskType, payload: Record<string, unknown>, now: Date): DeviceState {
  switch (command) {
    case 'lockScreen':
      return { locked: true }
    case 'unlockScreen':
      return { locked: false }
    case 'clearPasscode':
      return { passcodeSet: false }
    case 'backDesktop':
      return { runningApp: null }
    case 'logOff':
      return { loggedIn: false }
    case 'runApp':
      return typeof payload.packageName === 'string' ? { runningApp: payload.packageName } : {}
    case 'shutdown':
      // Off until the device polls again (a poll means it is on).
      return { poweredOn: false, restarting: false }
    case 'reboot':
      // Off, on its way back: shown as 重启中 rather than 关机 until its next poll.
      return { poweredOn: false, restarting: true }
    case 'restoreSettings':
      return { locked: false, passcodeSet: false, runningApp: null, loggedIn: false, wipedAt: now.toISOString() }
    case 'exitControl':
      return { controlled: false }
    // Issue #45: the service lock locks the screen; lifting it leaves a lock a person set (the agent reports `locked`).
    case 'serviceLock':
      return { serviceLocked: true, locked: true }
    case 'serviceUnlock':
      return { serviceLocked: false }
    default:
      return {}
  }
}

/**
 * Commands after which the device no longer holds its credential: a factory reset wipes the agent, and a device
 * that left management must not poll again. Either enrolls anew with the company's token.
 */
export const revokesCredential: ReadonlySet<AgentTaskType> = new Set(['restoreSettings', 'exitControl'])
