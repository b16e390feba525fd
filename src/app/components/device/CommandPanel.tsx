import type { ReactNode } from 'react'
import { Button, SpinLoading } from 'antd-mobile'
import { uiText } from '../../../shared/messages/common'
import { deviceCommandText as c, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { popups } from '../lazy-popups'
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
  const all = family.commands.filter((command) => command.offeredWhen?.(device) ?? true)
  // Issue #43 item 5: a family that marks its most used commands shows them first, the rest in the 更多指令 sheet.
  const hasPrimary = all.some((command) => command.primary)
  const offered = hasPrimary ? all.filter((command) => command.primary) : all
  const rest = hasPrimary ? all.filter((command) => !command.primary) : []
  const reasons = unavailableNotes(offered, device)
  const openMore = async () => {
    const { ActionSheet } = await popups()
    const handler = ActionSheet.show({
      extra: c.moreFor(device.serialNumber),
      // A command that cannot work now is there, disabled, with its reason under it.
      actions: rest.map((command) => ({
        key: command.name,
        text: command.label,
        description: command.unavailable?.(device) ?? undefined,
        disabled: !!command.unavailable?.(device) || running.has(command.name),
        danger: command.destructive,
        onClick: () => {
          handler.close()
          void run(command.name, device)
        },
      })),
      cancelText: uiText.cancel,
    })
  }
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
        {rest.length > 0 ? (
          <OnlineButton size="small" className="command-more" onClick={() => void openMore()}>
            {c.moreCommands}
          </OnlineButton>
        ) : null}
      </div>
    </section>
  )
}

