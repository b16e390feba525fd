import { Form } from 'antd-mobile'
import { scanText } from '../../../shared/messages/scan'
import { ScanButton } from './ScanButton'

/**
 * 扫码填入 beside a form's field (issue #43 item 6: scan to add): the code read fills `names` (a serial number and its
 * confirmation, or an IMEI), as if typed, and they are checked as typed ones are.
 */
export function ScanIntoField({ names }: { names: string[] }) {
  return (
    <Form.Item noStyle shouldUpdate={() => false}>
      {(form) => (
        <ScanButton
          className="scan-into-field"
          label={scanText.scanToFill}
          onScan={(value) => {
            form.setFieldsValue(Object.fromEntries(names.map((name) => [name, value])))
            void form.validateFields(names).catch(() => undefined)
          }}
        />
      )}
    </Form.Item>
  )
}
