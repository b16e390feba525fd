import { Form, TextArea } from 'antd-mobile'
import { IosDeviceAddRequest, IosDeviceRegisterRequest, UpdateAppleDeviceInfoRequest, type IosDeviceRecord } from '../../../shared/contract/my-device'
import { appleDeviceText } from '../../../shared/messages/apple'
import { successMessages } from '../../../shared/messages/common'
import { huaweiDeviceText as h } from '../../../shared/messages/devices'
import { iosDeviceText as t } from '../../../shared/messages/ios-device'
import { ConfirmField, PopupForm, TextField } from '../../components/PopupForm'
import { RenterFields } from '../../components/device/RenterFields'
import { zodRule } from '../../components/form-rules'
import { normalizeSerialNumber } from '../../../shared/domain/validators'
import { useIosDeviceMutations } from './queries'
import { ScanIntoField } from '../../components/device/ScanIntoField'

/** What the dialog does: add a device with its renter, register a serial only, or edit one of a device's two panels. */
export type IosFormMode = { kind: 'add' } | { kind: 'register' } | { kind: 'rent'; device: IosDeviceRecord } | { kind: 'device'; device: IosDeviceRecord }

interface Values {
  serialNumber: string
  confirmSerialNumber: string
  name: string
  model: string
  remark: string
  renterName: string
  renterPhone: string
  renterIdCard: string
  rentRemark: string
}

const titles = { add: t.addDevice, register: t.registerDevice, rent: t.editRent, device: t.editDevice } as const
const upper = (value?: string) => value?.toUpperCase()

/** SPEC §5: a new record's serial is typed twice (upper-cased while typing); an edit never checks it. */
function SerialFields({ register }: { register: boolean }) {
  // A scanned serial fills both: the label's code is what two typings would agree on.
  const scan = <ScanIntoField names={['serialNumber', 'confirmSerialNumber']} />
  return (
    <>
      {register ? (
        <TextField name="serialNumber" label={h.serialNumber} schema={IosDeviceRegisterRequest} normalize={upper} autoComplete="off" autoCapitalize="characters" extra={scan} />
      ) : (
        <TextField name="serialNumber" label={h.serialNumber} schema={IosDeviceAddRequest} normalize={upper} autoComplete="off" autoCapitalize="characters" extra={scan} />
      )}
      <ConfirmField
        name="confirmSerialNumber"
        of="serialNumber"
        mismatch={(serial, again) => (again.trim() !== serial.trim() ? appleDeviceText.serialMismatch : undefined)}
        label={t.confirmSerial}
        normalize={upper}
        autoComplete="off"
        autoCapitalize="characters"
      />
    </>
  )
}

/**
 * Add, register, or edit an Apple device (SPEC §4: create when there is no id, otherwise update with deviceId).
 * Mounted per target by the caller, so a failed save keeps what was typed.
 */
export function IosDeviceForm({ mode, visible, onClose }: { mode: IosFormMode; visible: boolean; onClose: () => void }) {
  const m = useIosDeviceMutations()
  const renter = (v: Values) => ({ renterName: v.renterName ?? '', renterPhone: v.renterPhone ?? '', renterIdCard: v.renterIdCard ?? '', rentRemark: v.rentRemark ?? '' })
  const serials = (v: Values) => ({ serialNumber: normalizeSerialNumber(v.serialNumber ?? ''), confirmSerialNumber: normalizeSerialNumber(v.confirmSerialNumber ?? '') })

  const submit = (v: Values) => {
    switch (mode.kind) {
      case 'add':
        return m.add.mutateAsync({ ...serials(v), name: v.name ?? '', model: v.model ?? '', imei: '', ...renter(v) })
      case 'register':
        return m.register.mutateAsync(serials(v))
      case 'rent':
        return m.updateRentUserInfo.mutateAsync({ deviceId: mode.device.id, ...renter(v) })
      case 'device':
        return m.updateAppleDeviceInfo.mutateAsync({ deviceId: mode.device.id, name: v.name ?? '', model: v.model ?? '', remark: v.remark ?? '' })
    }
  }
  const initialValues: Partial<Values> =
    mode.kind === 'rent'
      ? { renterName: mode.device.renterName, renterPhone: mode.device.renterPhone, renterIdCard: mode.device.renterIdCard, rentRemark: mode.device.rentRemark }
      : mode.kind === 'device'
        ? { name: mode.device.name, model: mode.device.model, remark: mode.device.remark }
        : {}
  const editing = mode.kind === 'rent' || mode.kind === 'device'

  return (
    <PopupForm<Values>
      visible={visible}
      title={titles[mode.kind]}
      onClose={onClose}
      initialValues={initialValues}
      submit={submit}
      success={editing ? successMessages.edit : successMessages.save}
      pending={m.add.isPending || m.register.isPending || m.updateRentUserInfo.isPending || m.updateAppleDeviceInfo.isPending}
      submitText={h.save}
    >
      {mode.kind === 'register' ? <p className="form-hint">{t.registerHint}</p> : null}
      {mode.kind === 'add' ? <SerialFields register={false} /> : null}
      {mode.kind === 'register' ? <SerialFields register /> : null}
      {editing ? (
        <Form.Item label={h.serialNumber}>
          <span>{mode.device.serialNumber}</span>
        </Form.Item>
      ) : null}
      {mode.kind === 'add' || mode.kind === 'device' ? (
        <>
          <TextField name="name" label={t.deviceName} schema={UpdateAppleDeviceInfoRequest} autoComplete="off" />
          <TextField name="model" label={t.model} schema={UpdateAppleDeviceInfoRequest} autoComplete="off" />
        </>
      ) : null}
      {mode.kind === 'device' ? (
        <Form.Item name="remark" label={t.remark} rules={[zodRule(UpdateAppleDeviceInfoRequest, 'remark')]}>
          <TextArea placeholder={t.remark} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
        </Form.Item>
      ) : null}
      {mode.kind === 'add' || mode.kind === 'rent' ? (
        <RenterFields />
      ) : null}
    </PopupForm>
  )
}
