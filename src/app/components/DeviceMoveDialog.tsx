import { Form, Selector } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { MoveTargetsResponse } from '../../shared/contract/huawei-device'
import type { HuaweiTypePlatform } from '../../shared/domain/device-areas'
import { successMessages } from '../../shared/messages/common'
import { huaweiDeviceText as t } from '../../shared/messages/devices'
import { moveTargetsQuery, useMoveDevice } from '../api/device-move'
import { confirmAction } from './dialogs'
import { NOT_SENT, PopupForm } from './PopupForm'
import { QueryStatus } from './QueryStatus'
import { useAuthorities } from './use-authorities'

interface Target {
  kind: 'company' | 'staff'
  id: number
}

/** One choice among the companies and the staff: a form control (value / onChange) over two groups. */
function TargetPicker({ value, onChange, companies, staff }: { value?: Target; onChange?: (target: Target | undefined) => void } & MoveTargetsResponse) {
  const choose = (kind: Target['kind']) => (ids: number[]) => onChange?.(ids[0] ? { kind, id: ids[0] } : undefined)
  return (
    <>
      {companies.length > 0 ? (
        <div className="target-group">
          <h3>{t.moveToCompany}</h3>
          <Selector
            aria-label={t.moveToCompany}
            options={companies.map((c) => ({ label: c.name, value: c.id }))}
            value={value?.kind === 'company' ? [value.id] : []}
            onChange={choose('company')}
          />
        </div>
      ) : null}
      {staff.length > 0 ? (
        <div className="target-group">
          <h3>{t.moveToStaff}</h3>
          <Selector
            aria-label={t.moveToStaff}
            options={staff.map((s) => ({ label: s.name, description: s.companyName, value: s.id }))}
            value={value?.kind === 'staff' ? [value.id] : []}
            onChange={choose('staff')}
          />
        </div>
      ) : null}
    </>
  )
}

/** The device being transferred: where it is now, so that its own place is not offered as a target. */
export interface MovableDevice {
  id: number
  serialNumber: string
  companyId: number
  staffId: number | null
}

interface DeviceMoveDialogProps {
  platform: HuaweiTypePlatform
  device: MovableDevice | null
  visible: boolean
  onClose: () => void
  /**
   * The caller refreshes its own lists. What it returns is waited for before 转移成功 and the dialog closes (the detail
   * first finds out whether the device is still in the user's sight: useDeviceMoved).
   */
  onMoved: (deviceId: number) => unknown
}

/** SPEC §3 device transfer: to another company of the user's scope, or to one of its staff. */
export function DeviceMoveDialog({ platform, device, visible, onClose, onMoved }: DeviceMoveDialogProps) {
  const targets = useQuery({ ...moveTargetsQuery(platform), enabled: visible })
  const move = useMoveDevice(platform, onMoved)
  const auth = useAuthorities()
  // Where the device already is is no target.
  const companies = (targets.data?.companies ?? []).filter((c) => !(c.id === device?.companyId && device?.staffId === null))
  const staff = (targets.data?.staff ?? []).filter((s) => s.id !== device?.staffId)

  const submit = async ({ target }: { target: Target }) => {
    if (!device) return
    // A staff member sees only the devices assigned to them (their own place is no target): whatever they choose, the
    // device leaves their sight, so they are asked first. Cancelled, the dialog stays open with the choice.
    if (auth.info?.kind === 'STAFF' && !(await confirmAction(t.moveAwayConfirm(device.serialNumber), t.move))) return NOT_SENT
    return move.mutateAsync(target.kind === 'company' ? { deviceId: device.id, targetCompanyId: target.id } : { deviceId: device.id, targetStaffId: target.id })
  }

  return (
    <PopupForm<{ target: Target }>
      visible={visible}
      title={t.moveTitle(device?.serialNumber ?? '')}
      onClose={onClose}
      submit={submit}
      success={successMessages.transfer}
      pending={move.isPending}
      header={
        <QueryStatus
          isPending={targets.isPending}
          isError={targets.isError}
          isEmpty={companies.length + staff.length === 0}
          onRetry={() => void targets.refetch()}
          emptyText={t.noMoveTargets}
        />
      }
    >
      <Form.Item name="target" rules={[{ required: true, message: t.chooseTarget }]}>
        <TargetPicker companies={companies} staff={staff} />
      </Form.Item>
    </PopupForm>
  )
}
