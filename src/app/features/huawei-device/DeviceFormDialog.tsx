import { Form, Input, Selector, TextArea } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { DeviceAddRequest, UpdateRentUserInfoRequest, type DeviceRecord } from '../../../shared/contract/huawei-device'
import { normalizeSerialNumber } from '../../../shared/domain/validators'
import { huaweiDeviceText as t, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { zodRule } from '../../components/form-rules'
import { notify } from '../../notify'
import type { DeviceArea } from './area'
import { moveTargetsQuery, useDeviceMutations } from './queries'

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
  const [form] = Form.useForm<DeviceFormValues>()
  const { add, updateRentUserInfo } = useDeviceMutations(area)
  const targets = useQuery({ ...moveTargetsQuery(area), enabled: visible && !editing })
  const companies = targets.data?.companies ?? []
  const pending = add.isPending || updateRentUserInfo.isPending
  const rentRule = (name: 'renterName' | 'renterPhone' | 'renterIdCard' | 'rentRemark') =>
    editing ? zodRule(UpdateRentUserInfoRequest, name) : zodRule(DeviceAddRequest, name)

  const onFinish = async (v: DeviceFormValues) => {
    const renter = { renterName: v.renterName ?? '', renterPhone: v.renterPhone ?? '', renterIdCard: v.renterIdCard ?? '', rentRemark: v.rentRemark ?? '' }
    try {
      if (editing) {
        await updateRentUserInfo.mutateAsync({ deviceId: editing.id, ...renter })
      } else {
        const companyId = v.companyId?.[0] ? Number(v.companyId[0]) : undefined
        await add.mutateAsync({ serialNumber: normalizeSerialNumber(v.serialNumber ?? ''), imei: v.imei ?? '', model: v.model ?? '', companyId, ...renter })
      }
    } catch {
      return // the server's message is shown; the form keeps what was typed
    }
    notify.success(editing ? successMessages.edit : successMessages.save)
    form.resetFields()
    onClose()
  }

  return (
    <FormPopup visible={visible} title={editing ? t.editDevice : t.addDevice} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        initialValues={
          editing
            ? { renterName: editing.renterName, renterPhone: editing.renterPhone, renterIdCard: editing.renterIdCard, rentRemark: editing.rentRemark }
            : { companyId: [] }
        }
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={pending}>
            {t.save}
          </OnlineButton>
        }
      >
        {editing ? (
          <Form.Item label={t.serialNumber}>
            <span>{editing.serialNumber}</span>
          </Form.Item>
        ) : (
          <>
            {/* SPEC §3 / §5: the serial number is upper-cased, already while typing. */}
            <Form.Item
              name="serialNumber"
              label={t.serialNumber}
              normalize={(value?: string) => value?.toUpperCase()}
              validateTrigger="onBlur"
              rules={[zodRule(DeviceAddRequest, 'serialNumber')]}
            >
              <Input placeholder={uiText.required(t.serialNumber)} autoComplete="off" autoCapitalize="characters" clearable />
            </Form.Item>
            <Form.Item name="imei" label={t.imei} validateTrigger="onBlur" rules={[zodRule(DeviceAddRequest, 'imei')]}>
              <Input inputMode="numeric" placeholder={uiText.required(t.imei)} autoComplete="off" clearable />
            </Form.Item>
            <Form.Item name="model" label={t.model} validateTrigger="onBlur" rules={[zodRule(DeviceAddRequest, 'model')]}>
              <Input placeholder={uiText.required(t.model)} autoComplete="off" clearable />
            </Form.Item>
            {companies.length > 1 ? (
              <Form.Item name="companyId" label={t.company} layout="vertical">
                <Selector options={companies.map((c) => ({ label: c.name, value: String(c.id) }))} aria-label={t.company} />
              </Form.Item>
            ) : null}
          </>
        )}
        <Form.Item name="renterName" label={t.renterName} validateTrigger="onBlur" rules={[rentRule('renterName')]}>
          <Input placeholder={uiText.required(t.renterName)} autoComplete="off" clearable />
        </Form.Item>
        <Form.Item name="renterPhone" label={t.renterPhone} validateTrigger="onBlur" rules={[rentRule('renterPhone')]}>
          <Input type="tel" inputMode="tel" placeholder={uiText.required(t.renterPhone)} autoComplete="off" clearable />
        </Form.Item>
        <Form.Item name="renterIdCard" label={t.renterIdCard} validateTrigger="onBlur" rules={[rentRule('renterIdCard')]}>
          <Input placeholder={uiText.required(t.renterIdCard)} autoComplete="off" clearable />
        </Form.Item>
        <Form.Item name="rentRemark" label={t.rentRemark} rules={[rentRule('rentRemark')]}>
          <TextArea placeholder={t.rentRemark} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
        </Form.Item>
      </Form>
    </FormPopup>
  )
}
