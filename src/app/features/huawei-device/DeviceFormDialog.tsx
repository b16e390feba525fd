import { Form, Selector } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { DeviceAddRequest, type DeviceRecord } from '../../../shared/contract/huawei-device'
import { normalizeSerialNumber } from '../../../shared/domain/validators'
import { successMessages } from '../../../shared/messages/common'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { PopupForm, TextField } from '../../components/PopupForm'
import { RenterFields } from '../../components/device/RenterFields'
import type { DeviceArea } from './area'
import { moveTargetsQuery } from '../../api/device-move'
import { useDeviceMutations } from './queries'
import { ScanIntoField } from '../../components/device/ScanIntoField'

interface DeviceFormValues {
  serialNumber: string
  imei: string
  model: string
  companyId: string[]
  renterName: string
  renterPhone: string
  renterIdCard: string
  rentRemark: string
}

interface DeviceFormDialogProps {
  area: DeviceArea
  visible: boolean
  /** null: a new device. */
  editing: DeviceRecord | null
  onClose: () => void
}

/**
 * Add a device, or edit its rent-user info (SPEC §4: create when there is no id, otherwise updateRentUserInfo with
 * deviceId). Mounted per target by the caller, so a failed save keeps what was typed.
 */
export function DeviceFormDialog({ area, visible, editing, onClose }: DeviceFormDialogProps) {
  const { add, updateRentUserInfo } = useDeviceMutations(area)
  const targets = useQuery({ ...moveTargetsQuery(area.platform), enabled: visible && !editing })
  const companies = targets.data?.companies ?? []

  const submit = (v: DeviceFormValues) => {
    const renter = { renterName: v.renterName ?? '', renterPhone: v.renterPhone ?? '', renterIdCard: v.renterIdCard ?? '', rentRemark: v.rentRemark ?? '' }
    if (editing) return updateRentUserInfo.mutateAsync({ deviceId: editing.id, ...renter })
    const companyId = v.companyId?.[0] ? Number(v.companyId[0]) : undefined
    return add.mutateAsync({ serialNumber: normalizeSerialNumber(v.serialNumber ?? ''), imei: v.imei ?? '', model: v.model ?? '', companyId, ...renter })
  }

  return (
    <PopupForm<DeviceFormValues>
      visible={visible}
      title={editing ? t.editDevice : t.addDevice}
      onClose={onClose}
      initialValues={
        editing
          ? { renterName: editing.renterName, renterPhone: editing.renterPhone, renterIdCard: editing.renterIdCard, rentRemark: editing.rentRemark }
          : { companyId: [] }
      }
      submit={submit}
      success={editing ? successMessages.edit : successMessages.save}
      pending={add.isPending || updateRentUserInfo.isPending}
      submitText={t.save}
    >
      {editing ? (
        <Form.Item label={t.serialNumber}>
          <span>{editing.serialNumber}</span>
        </Form.Item>
      ) : (
        <>
          {/* SPEC §3 / §5: the serial number is upper-cased, already while typing. */}
          <TextField
            name="serialNumber"
            label={t.serialNumber}
            schema={DeviceAddRequest}
            normalize={(value?: string) => value?.toUpperCase()}
            autoComplete="off"
            autoCapitalize="characters"
            extra={<ScanIntoField names={['serialNumber']} />}
          />
          <TextField name="imei" label={t.imei} schema={DeviceAddRequest} inputMode="numeric" autoComplete="off" extra={<ScanIntoField names={['imei']} />} />
          <TextField name="model" label={t.model} schema={DeviceAddRequest} autoComplete="off" />
          {companies.length > 1 ? (
            <Form.Item name="companyId" label={t.company} layout="vertical">
              <Selector options={companies.map((c) => ({ label: c.name, value: String(c.id) }))} aria-label={t.company} />
            </Form.Item>
          ) : null}
        </>
      )}
      <RenterFields />
    </PopupForm>
  )
}
