import { Form, TextArea } from 'antd-mobile'
import { AccessCreateRequest } from '../../../shared/contract/access'
import { successMessages } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { PopupForm, TextField } from '../../components/PopupForm'
import { zodRule } from '../../components/form-rules'
import { useAccessMutations } from './queries'

const t = organizationText.access

interface Values {
  name: string
  remark: string
  ipWhiteList: string
}

/** POST /access/create; SPEC §4: creating resets the dialog and reloads. */
export function AccessForm({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { create } = useAccessMutations()
  return (
    <PopupForm<Values>
      visible={visible}
      title={t.createTitle}
      onClose={onClose}
      layout="vertical"
      submit={(v) => create.mutateAsync({ name: v.name, remark: v.remark ?? '', ipWhiteList: v.ipWhiteList ?? '' })}
      success={successMessages.createKey}
      pending={create.isPending}
    >
      <TextField name="name" label={t.name} schema={AccessCreateRequest} />
      <TextField name="remark" label={t.remark} schema={AccessCreateRequest} placeholder={t.remarkPlaceholder} />
      <Form.Item name="ipWhiteList" label={t.ipWhiteList} help={t.ipWhiteListHint} validateTrigger="onBlur" rules={[zodRule(AccessCreateRequest, 'ipWhiteList')]}>
        <TextArea placeholder={t.ipWhiteListPlaceholder} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </PopupForm>
  )
}
