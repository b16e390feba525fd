import { useState } from 'react'
import { Selector } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as t, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { QueryStatus } from '../../components/QueryStatus'
import { notify } from '../../notify'
import type { DeviceArea } from './area'
import { moveTargetsQuery, useDeviceMutations } from './queries'

type Target = { kind: 'company' | 'staff'; id: number } | null

/** SPEC §3 device transfer: to another company of the user's scope, or to one of its staff. */
export function MoveDialog({ area, device, visible, onClose }: { area: DeviceArea; device: DeviceRecord | null; visible: boolean; onClose: () => void }) {
  const targets = useQuery({ ...moveTargetsQuery(area), enabled: visible })
  const { move } = useDeviceMutations(area)
  const [target, setTarget] = useState<Target>(null)
  const companies = (targets.data?.companies ?? []).filter((c) => !(c.id === device?.companyId && device?.staffId === null))
  const staff = (targets.data?.staff ?? []).filter((s) => s.id !== device?.staffId)

  const submit = async () => {
    if (!device) return
    if (!target) return notify.warning(t.chooseTarget)
    try {
      await move.mutateAsync(target.kind === 'company' ? { deviceId: device.id, targetCompanyId: target.id } : { deviceId: device.id, targetStaffId: target.id })
    } catch {
      return // the server's message is shown; the choice is kept
    }
    notify.success(successMessages.transfer)
    setTarget(null)
    onClose()
  }

  return (
    <FormPopup visible={visible} title={t.moveTitle(device?.serialNumber ?? '')} onClose={onClose}>
      <QueryStatus
        isPending={targets.isPending}
        isError={targets.isError}
        isEmpty={companies.length + staff.length === 0}
        onRetry={() => void targets.refetch()}
        emptyText={t.noMoveTargets}
      />
      {companies.length > 0 ? (
        <div className="target-group">
          <h3>{t.moveToCompany}</h3>
          <Selector
            aria-label={t.moveToCompany}
            options={companies.map((c) => ({ label: c.name, value: c.id }))}
            value={target?.kind === 'company' ? [target.id] : []}
            onChange={(v) => setTarget(v[0] ? { kind: 'company', id: v[0] } : null)}
          />
        </div>
      ) : null}
      {staff.length > 0 ? (
        <div className="target-group">
          <h3>{t.moveToStaff}</h3>
          <Selector
            aria-label={t.moveToStaff}
            options={staff.map((s) => ({ label: s.name, description: s.companyName, value: s.id }))}
            value={target?.kind === 'staff' ? [target.id] : []}
            onChange={(v) => setTarget(v[0] ? { kind: 'staff', id: v[0] } : null)}
          />
        </div>
      ) : null}
      <div className="enroll-box">
        <OnlineButton block color="primary" size="large" loading={move.isPending} disabled={!target} onClick={() => void submit()}>
          {uiText.confirm}
        </OnlineButton>
      </div>
    </FormPopup>
  )
}
