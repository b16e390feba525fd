import { Form, Input, TextArea } from 'antd-mobile'
import { AccessCreateRequest } from '../../../shared/contract/access'
import { organizationText, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { zodRule } from '../../components/form-rules'
import { notify } from '../../notify'
import { useAccessMutations } from './queries'

const t = organizationText.access

interface Values {
  name: string
  remark: string
  ipWhiteList: string
}

/** POST /access/create; SPEC §4: creating resets the dialog and reloads. */
export function AccessForm({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>()
  const { create } = useAccessMutations()
  const onFinish = async (v: Values) => {
    try {
      await create.mutateAsync({ name: v.name, remark: v.remark ?? '', ipWhiteList: v.ipWhiteList ?? '' })
    } catch {
      return
    }
    notify.success(successMessages.createKey)
    form.resetFields()
    onClose()
  }
  return (
    <FormPopup visible={visible} title={t.createTitle} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={create.isPending}>
            {uiText.confirm}
          </OnlineButton>
        }
      >
        <Form.Item name="name" label={t.name} validateTrigger="onBlur" rules={[zodRule(AccessCreateRequest, 'name')]}>
          <Input placeholder={uiText.required(t.name)} clearable />
        </Form.Item>
        <Form.Item name="remark" label={t.remark} validateTrigger="onBlur" rules={[zodRule(AccessCreateRequest, 'remark')]}>
          <Input placeholder={t.remarkPlaceholder} clearable />
        </Form.Item>
        <Form.Item name="ipWhiteList" label={t.ipWhiteList} help={t.ipWhiteListHint} validateTrigger="onBlur" rules={[zodRule(AccessCreateRequest, 'ipWhiteList')]}>
          <TextArea placeholder={t.ipWhiteListPlaceholder} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </FormPopup>
  )
}
