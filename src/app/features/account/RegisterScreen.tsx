import { Button, Form, Input } from 'antd-mobile'
import { Link, useNavigate } from '@tanstack/react-router'
import { RegisterFields, type RegisterRequest } from '../../../shared/contract/account'
import { validateRegisterPasswordMatch } from '../../../shared/domain/validators'
import { successMessages, uiText } from '../../../shared/messages'
import { validatorRule, zodRule } from '../../components/form-rules'
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

export function RegisterScreen() {
  const [form] = Form.useForm<RegisterRequest>()
  const navigate = useNavigate()
  const register = useRegister()

  const onFinish = async (values: RegisterRequest) => {
    try {
      await register.mutateAsync(values)
    } catch {
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
