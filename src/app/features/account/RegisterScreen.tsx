import { Button, Form, Input } from 'antd-mobile'
import { Link, useNavigate } from '@tanstack/react-router'
import { RegisterFields, type RegisterRequest } from '../../../shared/contract/account'
import { validateRegisterPasswordMatch } from '../../../shared/domain/validators'
import { successMessages, uiText } from '../../../shared/messages/common'
import { showFieldError, validatorRule, zodRule } from '../../components/form-rules'
import { LONG_NOTICE_DURATION_MS, notify } from '../../notify'
import { AuthLayout } from './AuthLayout'
import { useRegister } from './queries'

const fields: { name: keyof RegisterRequest; label: string; type?: string; autoComplete: string }[] = [
  { name: 'username', label: uiText.username, autoComplete: 'username' },
  { name: 'password', label: uiText.password, type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: uiText.confirmPassword, type: 'password', autoComplete: 'new-password' },
  { name: 'companyName', label: uiText.companyName, autoComplete: 'organization' },
  { name: 'contactName', label: uiText.contactName, autoComplete: 'name' },
  { name: 'phoneNumber', label: uiText.phoneNumber, type: 'tel', autoComplete: 'tel' },
]

type RegisterForm = ReturnType<typeof Form.useForm<RegisterRequest>>[0]

/**
 * A field first shows its error when it loses focus (or on submit); once it has one, it is checked again on every
 * change, so the message goes as soon as the value is right. Left to the blur, the last field's message vanished
 * when 注册 was tapped: the button moved up under the finger and that first tap was lost.
 */
function recheckWhileTyping(form: RegisterForm, names: string[]) {
  const withError = names.filter((name) => form.getFieldError(name as keyof RegisterRequest).length > 0) as (keyof RegisterRequest)[]
  // Still wrong: the message stays (validateFields rejects, which is expected here).
  if (withError.length) form.validateFields(withError).catch(() => undefined)
}

export function RegisterScreen() {
  const [form] = Form.useForm<RegisterRequest>()
  const navigate = useNavigate()
  const register = useRegister()

  const onFinish = async (values: RegisterRequest) => {
    try {
      await register.mutateAsync(values)
    } catch (error) {
      showFieldError(form, error)
      return // the server's message is shown; the form keeps what was typed
    }
    // SPEC §8: 注册成功 asks the user to wait for the administrator, shown 20 seconds.
    notify.success(successMessages.register, LONG_NOTICE_DURATION_MS)
    await navigate({ to: '/login' })
  }

  return (
    <AuthLayout title={uiText.registerTitle}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        onValuesChange={(changed: Partial<RegisterRequest>) => recheckWhileTyping(form, Object.keys(changed))}
        footer={
          <Button block type="submit" color="primary" size="large" loading={register.isPending}>
            {uiText.register}
          </Button>
        }
      >
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            validateTrigger="onBlur"
            // One message at a time: the confirmation's own rule and the contract's overlap.
            validateFirst
            dependencies={f.name === 'confirmPassword' ? ['password'] : undefined}
            rules={[
              zodRule(RegisterFields, f.name),
              ...(f.name === 'confirmPassword'
                ? [validatorRule((value) => validateRegisterPasswordMatch(form.getFieldValue('password'), String(value)))]
                : []),
            ]}
          >
            <Input type={f.type} placeholder={uiText.required(f.label)} autoComplete={f.autoComplete} clearable />
          </Form.Item>
        ))}
      </Form>
      <Link to="/login" className="auth-link">
        {uiText.gotoLogin}
      </Link>
    </AuthLayout>
  )
}
