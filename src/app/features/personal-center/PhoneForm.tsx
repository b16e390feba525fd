import { useEffect, useState } from 'react'
import { Button, Form } from 'antd-mobile'
import { UpdatePhoneNumberRequest } from '../../../shared/contract/personal-center'
import { successMessages } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { PopupForm, TextField } from '../../components/PopupForm'
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

  const submit = async (v: UpdatePhoneNumberRequest) => {
    await updatePhoneNumber.mutateAsync(v)
    setLeft(0)
  }

  return (
    <PopupForm visible={visible} title={t.changePhone} onClose={onClose} form={form} submit={submit} success={successMessages.changePhone} pending={updatePhoneNumber.isPending}>
      <TextField name="phoneNumber" label={t.newPhone} schema={UpdatePhoneNumberRequest} type="tel" inputMode="tel" autoComplete="tel" />
      <TextField
        name="code"
        label={t.code}
        placeholder={t.codePlaceholder}
        schema={UpdatePhoneNumberRequest}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        clearable={false}
        extra={
          <Button size="small" className="touch" disabled={left > 0} loading={sendCode.isPending} onClick={() => void requestCode()}>
            {left > 0 ? t.resendIn(left) : t.sendCode}
          </Button>
        }
      />
    </PopupForm>
  )
}
