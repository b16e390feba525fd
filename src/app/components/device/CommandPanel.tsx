import type { ReactNode } from 'react'
import { Button, SpinLoading } from 'antd-mobile'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { OnlineButton } from '../OnlineButton'
import { unavailableNotes } from './command-notes'
import type { DeviceFamily, FamilyDevice } from './family'
import { useDeviceCommand } from './use-device-command'

/**
 * A device's command grid (detail page): the family's commands its state offers, in the family's order, with the
 * reasons those that cannot be sent now are disabled, and the wait for a command whose answer is shown.
 * `summary` is the family's one-line account of the device's current state, above the commands that change it.
 */
export function CommandPanel<Name extends string, D extends FamilyDevice>({ family, device, summary }: { family: DeviceFamily<Name, D>; device: D; summary?: ReactNode }) {
  const { run, running, waitingFor, cancelResultWait } = useDeviceCommand(family)
  const offered = family.commands.filter((command) => command.offeredWhen?.(device) ?? true)
  const reasons = unavailableNotes(offered, device)
  return (
    <section className="device-section" aria-label={t.commands}>
      <h2>{t.commands}</h2>
      {summary}
      {reasons.map((reason) => (
        <p key={reason} className="command-unavailable" role="note">
          {reason}
        </p>
      ))}
      {waitingFor ? (
        <div className="command-waiting" role="status">
          <SpinLoading style={{ '--size': '18px' }} />
          <span className="command-waiting-text">{waitingFor.resultWaitText ?? t.lockPasscodeWaiting}</span>
          <Button size="small" onClick={cancelResultWait}>
            {t.lockPasscodeCancel}
          </Button>
        </div>
      ) : null}
      <div className="command-grid">
        {offered.map((command) => (
          <OnlineButton
            key={command.name}
            size="small"
            color={command.destructive ? 'danger' : 'default'}
            fill={command.destructive ? 'outline' : 'solid'}
            disabled={!!command.unavailable?.(device)}
            loading={running.has(command.name)}
            loadingText={command.label}
            data-command={command.name}
            onClick={() => void run(command.name, device)}
          >
            {command.label}
          </OnlineButton>
        ))}
      </div>
    </section>
  )
}

