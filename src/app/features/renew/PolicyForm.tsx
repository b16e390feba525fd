import { Form, Input, Selector, Switch } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { LifecyclePolicy } from '../../../shared/contract/lifecycle'
import { lifecycleText as t } from '../../../shared/messages/lifecycle'
import { PopupForm } from '../../components/PopupForm'
import { phrasesQuery, useLifecycleMutations } from './lifecycle-queries'

interface Values {
  autoLock: boolean
  graceDays: string
  reminderDays: string
  lockMessage: string[]
  lockPhone: string[]
}

/** "7, 1" → [7, 1]; what is not a whole number is left for the server to refuse with its message. */
const days = (text: string) =>
  text
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map((d) => (/^\d+$/.test(d) ? Number(d) : NaN))

const options = (values: string[] | undefined) => [{ label: '—', value: '' }, ...(values ?? []).map((v) => ({ label: v, value: v }))]

/**
 * 到期策略 (issue #45): the company's automatic lock, grace days, reminder days, and the message and phone the locked
 * phone shows, picked from the company's saved phrases and phones (those of the lost-mode dialog).
 */
export function PolicyForm({ visible, policy, onClose }: { visible: boolean; policy: LifecyclePolicy; onClose: () => void }) {
  const { savePolicy } = useLifecycleMutations()
  const phrases = useQuery({ ...phrasesQuery('PHRASES'), enabled: visible })
  const phones = useQuery({ ...phrasesQuery('PHONE'), enabled: visible })
  const submit = (v: Values) =>
    savePolicy.mutateAsync({
      autoLock: v.autoLock,
      graceDays: Number(v.graceDays),
      reminderDays: days(v.reminderDays ?? ''),
      lockMessage: v.lockMessage?.[0] ?? '',
      lockPhone: v.lockPhone?.[0] ?? '',
    })
  return (
    <PopupForm<Values>
      visible={visible}
      title={t.policyTitle}
      onClose={onClose}
      initialValues={{
        autoLock: policy.autoLock,
        graceDays: String(policy.graceDays),
        reminderDays: policy.reminderDays.join(', '),
        lockMessage: [policy.lockMessage],
        lockPhone: [policy.lockPhone],
      }}
      submit={submit}
      success={t.saved}
      pending={savePolicy.isPending}
      submitText={t.save}
    >
      <p className="form-hint">{t.autoLockHint}</p>
      <Form.Item name="autoLock" label={t.autoLock} valuePropName="checked">
        <Switch aria-label={t.autoLock} />
      </Form.Item>
      <Form.Item name="graceDays" label={t.graceDays}>
        <Input type="number" inputMode="numeric" />
      </Form.Item>
      <Form.Item name="reminderDays" label={t.reminderDays} help={t.reminderDaysHint}>
        <Input inputMode="numeric" placeholder="7, 1" />
      </Form.Item>
      <Form.Item name="lockMessage" label={t.lockMessage} layout="vertical" help={phrases.data?.length ? undefined : t.noPhrases}>
        <Selector columns={1} options={options(phrases.data?.map((p) => p.value))} aria-label={t.lockMessage} />
      </Form.Item>
      <Form.Item name="lockPhone" label={t.lockPhone} layout="vertical">
        <Selector columns={2} options={options(phones.data?.map((p) => p.value))} aria-label={t.lockPhone} />
      </Form.Item>
    </PopupForm>
  )
}
