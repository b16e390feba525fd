import { Form, Selector, Switch, TextArea } from 'antd-mobile'
import { BlacklistAddRequest } from '../../../shared/contract/blacklist'
import { blacklistKinds, type BlacklistKind } from '../../../shared/domain/blacklist'
import { blacklistKindLabels, blacklistText as t } from '../../../shared/messages/biz'
import { successMessages } from '../../../shared/messages/common'
import { PopupForm, TextField } from '../../components/PopupForm'
import { zodRule } from '../../components/form-rules'
import { useBlacklistMutations } from './queries'

interface Values {
  kind: BlacklistKind[]
  value: string
  reason: string
  blockEnrollment: boolean
}

/** 添加黑名单 (administrator): a serial, IMEI or renter ID-card number, the reason, and whether enrollment is refused. */
export function BlacklistForm({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { add } = useBlacklistMutations()
  return (
    <PopupForm<Values>
      visible={visible}
      title={t.addTitle}
      onClose={onClose}
      initialValues={{ kind: ['SERIAL'], blockEnrollment: false }}
      submit={(v) => add.mutateAsync({ kind: v.kind?.[0] ?? 'SERIAL', value: v.value ?? '', reason: v.reason ?? '', blockEnrollment: v.blockEnrollment ?? false })}
      success={successMessages.save}
      pending={add.isPending}
    >
      <Form.Item name="kind" label={t.kind} layout="vertical">
        <Selector columns={3} options={blacklistKinds.map((k) => ({ label: blacklistKindLabels[k], value: k }))} aria-label={t.kind} />
      </Form.Item>
      <TextField name="value" label={t.value} schema={BlacklistAddRequest} normalize={(value?: string) => value?.toUpperCase()} autoComplete="off" autoCapitalize="characters" />
      <Form.Item name="reason" label={t.reason} rules={[zodRule(BlacklistAddRequest, 'reason')]}>
        <TextArea placeholder={t.reason} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
      </Form.Item>
      <Form.Item name="blockEnrollment" label={t.blocksEnrollment} valuePropName="checked" description={t.blocksEnrollmentHint}>
        <Switch aria-label={t.blocksEnrollment} />
      </Form.Item>
    </PopupForm>
  )
}
