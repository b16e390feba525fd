import { Button, Form, Input } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { LoginRequest } from '../../../shared/contract/account'
import { uiText } from '../../../shared/messages'
import { setToken } from '../../api/token'
import { AuthLayout } from './AuthLayout'
import { CaptchaImage } from './CaptchaField'
import { accountKeys, captchaQuery, useLogin } from './queries'

type LoginForm = Omit<LoginRequest, 'captchaId'>

export function LoginScreen({ redirect }: { redirect?: string }) {
  const [form] = Form.useForm<LoginForm>()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const login = useLogin()

  const onFinish = async (values: LoginForm) => {
    const captcha = await queryClient.ensureQueryData(captchaQuery())
    try {
      const { token } = await login.mutateAsync({ ...values, captchaId: captcha.id })
      // A new user must never see the previous user's cached data.
      queryClient.clear()
      setToken(token)
      await navigate({ to: redirect && redirect.startsWith('/') ? redirect : '/dashboard', replace: true })
    } catch {
      // SPEC §4: a failed login reloads the captcha; what the user typed stays, except the used captcha.
      form.setFieldValue('captcha', '')
      await queryClient.refetchQueries({ queryKey: accountKeys.captcha() })
    }
  }

  return (
    <AuthLayout title={uiText.loginTitle} subtitle={uiText.loginSubtitle}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        footer={
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            {uiText.login}
          </Button>
        }
      >
        <Form.Item name="username" label={uiText.username} rules={[{ required: true, message: uiText.required(uiText.username) }]}>
          <Input placeholder={uiText.required(uiText.username)} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="password" label={uiText.password} rules={[{ required: true, message: uiText.required(uiText.password) }]}>
          <Input type="password" placeholder={uiText.required(uiText.password)} autoComplete="current-password" clearable />
        </Form.Item>
        <Form.Item
          name="captcha"
          label={uiText.captcha}
          rules={[{ required: true, message: uiText.required(uiText.captcha) }]}
          extra={<CaptchaImage onRefresh={() => form.setFieldValue('captcha', '')} />}
        >
          <Input placeholder={uiText.required(uiText.captcha)} autoComplete="off" maxLength={8} />
        </Form.Item>
      </Form>
      <Link to="/register" className="auth-link">
        {uiText.gotoRegister}
      </Link>
    </AuthLayout>
  )
}
