import { useState } from 'react'
import { Button } from 'antd-mobile'
import { fleetCommandNames, type FleetCommandName } from '../../../shared/contract/fleet'
import { connectionStatusLabels } from '../../../shared/domain/connection-status'
import type { DeviceAreaPlatform } from '../../../shared/domain/device-areas'
import { huaweiDeviceText as d } from '../../../shared/messages/devices'
import { fleetText as t } from '../../../shared/messages/fleet'
import { useDevicesChanged } from '../../components/device/queries'
import type { CommandFamily, CommandSubject, DeviceListParams } from '../../components/device/family'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { FleetProgress } from './FleetProgress'
import { useFleetCommand } from './queries'
import './fleet.css'

/** The list's search as the export sends it: its filters, without paging or the recycle bin. */
export type FleetFilters = Pick<DeviceListParams, 'serialNumber' | 'renterName' | 'connectionStatus'>

/** The search in words, for the confirmation: 符合 序列号“HW”、状态“在线” , or every device when none is set. */
export function describeSearch(filters: FleetFilters): string {
  const parts = [
    filters.serialNumber ? t.searchPart(d.serialNumber, filters.serialNumber) : null,
    filters.renterName ? t.searchPart(d.renterName, filters.renterName) : null,
    filters.connectionStatus ? t.searchPart(d.status, connectionStatusLabels[filters.connectionStatus]) : null,
  ].filter((p): p is string => p !== null)
  return parts.length === 0 ? t.allDevices : t.searchOf(parts.join(t.searchJoin))
}

const commandLabel = (name: FleetCommandName) => (t.commands.IOS as Record<string, string>)[name] ?? (t.commands.AGENT as Record<string, string>)[name]

type Step = { kind: 'choose' } | { kind: 'confirm'; command: FleetCommandName; params: Record<string, unknown> } | { kind: 'progress'; command: FleetCommandName; batchId: string }

interface FleetActionProps {
  family: Pick<CommandFamily, 'platform' | 'commands'>
  filters: FleetFilters
  /** The list's total: what the user confirms, and what the server checks again before sending anything. */
  total: number
  /** A device of the list, for the family's parameter step (Apple's pay-mode message and phone read no device). */
  sample: CommandSubject | undefined
}

/**
 * Issue #44: 批量操作 on a device list — one command for every device its search matches (every page, not only this
 * one) in one request: choose the command (with the family's own parameter step), confirm the count and the search,
 * then follow the batch's progress and per-device outcomes.
 */
export function FleetAction({ family, filters, total, sample }: FleetActionProps) {
  const platform = family.platform as DeviceAreaPlatform
  const [step, setStep] = useState<Step | null>(null)
  const send = useFleetCommand(platform)
  const devicesChanged = useDevicesChanged(family)
  const names = fleetCommandNames[platform === 'IOS' ? 'IOS' : 'AGENT']
  const search = describeSearch(filters)

  const choose = async (command: FleetCommandName) => {
    // The family's own parameter step (the lost-mode dialog with the company's saved phrases and phones); null cancels.
    const declaration = family.commands.find((c) => c.name === command)
    const params = declaration?.params && sample ? await declaration.params(sample) : {}
    if (params) setStep({ kind: 'confirm', command, params })
  }
  const confirm = async (command: FleetCommandName, params: Record<string, unknown>) => {
    const { batchId } = await send.mutateAsync({ filters, command, expected: total, ...params })
    setStep({ kind: 'progress', command, batchId })
    devicesChanged()
  }
  const title = step && step.kind !== 'choose' ? (step.kind === 'confirm' ? t.confirmTitle(commandLabel(step.command)) : t.progressTitle(commandLabel(step.command))) : t.sheetTitle
  return (
    <>
      <OnlineButton size="small" className="fleet-action" onClick={() => setStep({ kind: 'choose' })}>
        {t.action(total)}
      </OnlineButton>
      <FormPopup visible={step !== null} title={title} onClose={() => setStep(null)}>
        <div className="fleet-sheet">
          {step?.kind === 'choose' ? (
            <>
              <p className="fleet-scope">{t.scope(total, search)}</p>
              <h3 className="fleet-subtitle">{t.chooseCommand}</h3>
              <div className="fleet-commands">
                {names.map((name) => (
                  <Button key={name} className="touch" block onClick={() => void choose(name)}>
                    {commandLabel(name)}
                  </Button>
                ))}
              </div>
            </>
          ) : null}
          {step?.kind === 'confirm' ? (
            <>
              <p className="fleet-confirm-text">{t.confirmText(commandLabel(step.command), total, search)}</p>
              <div className="dialog-buttons">
                <Button className="touch" onClick={() => setStep({ kind: 'choose' })}>
                  {t.back}
                </Button>
                <Button className="touch" color="primary" loading={send.isPending} onClick={() => void confirm(step.command, step.params).catch(() => undefined)}>
                  {t.confirm(total)}
                </Button>
              </div>
            </>
          ) : null}
          {step?.kind === 'progress' ? <FleetProgress platform={platform} batchId={step.batchId} onFinished={() => devicesChanged()} /> : null}
        </div>
      </FormPopup>
    </>
  )
}
