import { useEffect, useState } from 'react'
import { Button, Form, Input } from 'antd-mobile'
import { UpdatePhoneNumberRequest } from '../../../shared/contract/personal-center'
import { organizationText, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { zodRule } from '../../components/form-rules'
import { notify } from '../../notify'
import { usePersonalCenterMutations } from './queries'

const t = organizationText.center

/** Seconds left before another code may be asked for. */
function useCountdown() {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return [left, setLeft] as const
}

/** Change the phone number with a code sent to the new number by SMS. */
export function PhoneForm({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [form] = Form.useForm<UpdatePhoneNumberRequest>()
  const { sendCode, updatePhoneNumber } = usePersonalCenterMutations()
  const [left, setLeft] = useCountdown()

  const requestCode = async () => {
    try {
      await form.validateFields(['phoneNumber'])
    } catch {
      return
    }
    try {
      const sent = await sendCode.mutateAsync(form.getFieldValue('phoneNumber'))
      setLeft(sent.resendAfterSeconds)
      notify.success(t.codeSent)
    } catch {
      // the server's message (e.g. sent too often) is shown
    }
  }

  const onFinish = async (v: UpdatePhoneNumberRequest) => {
    try {
      await updatePhoneNumber.mutateAsync(v)
    } catch {
      return
    }
    notify.success(successMessages.changePhone)
    form.resetFields()
    setLeft(0)
    onClose()
  }

  return (
    <FormPopup visible={visible} title={t.changePhone} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={updatePhoneNumber.isPending}>
            {uiText.confirm}
          </OnlineButton>
        }
      >
        <Form.Item name="phoneNumber" label={t.newPhone} validateTrigger="onBlur" rules={[zodRule(UpdatePhoneNumberRequest, 'phoneNumber')]}>
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder={uiText.required(t.newPhone)} clearable />
        </Form.Item>
        <Form.Item
          name="code"
          label={t.code}
          validateTrigger="onBlur"
          rules={[zodRule(UpdatePhoneNumberRequest, 'code')]}
          extra={
            <Button size="small" className="touch" disabled={left > 0} loading={sendCode.isPending} onClick={() => void requestCode()}>
              {left > 0 ? t.resendIn(left) : t.sendCode}
            </Button>
          }
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={uiText.required(t.code)} />
        </Form.Item>
      </Form>
    </FormPopup>
  )
}
