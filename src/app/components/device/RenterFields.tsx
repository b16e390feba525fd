import { Form, TextArea } from 'antd-mobile'
import { UpdateRentUserInfoRequest } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { zodRule } from '../form-rules'
import { TextField } from '../PopupForm'

/**
 * The renter's fields of every family's device form (add and edit alike), checked by the contract's one rule for
 * them. Only lazily loaded dialogs import it (antd-mobile's Form and zod stay out of the list screens).
 */
export function RenterFields() {
  const schema = UpdateRentUserInfoRequest
  return (
    <>
      <TextField name="renterName" label={t.renterName} schema={schema} autoComplete="off" />
      <TextField name="renterPhone" label={t.renterPhone} schema={schema} type="tel" inputMode="tel" autoComplete="off" />
      <TextField name="renterIdCard" label={t.renterIdCard} schema={schema} autoComplete="off" />
      <Form.Item name="rentRemark" label={t.rentRemark} rules={[zodRule(schema, 'rentRemark')]}>
        <TextArea placeholder={t.rentRemark} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
      </Form.Item>
    </>
  )
}
