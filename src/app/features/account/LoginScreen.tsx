import { useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { LoginRequest } from '../../../shared/contract/account'
import { uiText } from '../../../shared/messages/common'
import { signIn } from '../../api/token'
import { AuthLayout } from './AuthLayout'
import { CaptchaImage } from './CaptchaField'
import { PlainButton } from '../../components/PlainButton'
import { LightInput, LightList, LightListItem } from './LightFields'
import { accountKeys, captchaQuery, useLogin } from './queries'
import './account.css'

type LoginForm = Omit<LoginRequest, 'captchaId'>
type Field = keyof LoginForm

const fields: { name: Field; label: string; type?: string; autoComplete: string; maxLength?: number }[] = [
  { name: 'username', label: uiText.username, autoComplete: 'username' },
  { name: 'password', label: uiText.password, type: 'password', autoComplete: 'current-password' },
  { name: 'captcha', label: uiText.captcha, autoComplete: 'off', maxLength: 8 },
]

/**
 * The first screen most users see, so it is kept light: a plain form over light inputs styled as antd-mobile's
 * (LightFields.tsx) rather than antd-mobile's Form (rc-field-form and its validator would add ~30 KB gzip).
 */
export function LoginScreen({ redirect }: { redirect?: string }) {
  const [values, setValues] = useState<LoginForm>({ username: '', password: '', captcha: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const login = useLogin()

  const set = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    if (value.trim()) setErrors((e) => ({ ...e, [name]: undefined }))
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const missing = Object.fromEntries(
      fields.filter((f) => !values[f.name].trim()).map((f) => [f.name, uiText.required(f.label)]),
    ) as Partial<Record<Field, string>>
    setErrors(missing)
    if (Object.keys(missing).length) return
    const captcha = await queryClient.ensureQueryData(captchaQuery())
    try {
      const { token } = await login.mutateAsync({ ...values, captchaId: captcha.id })
      // A new user must never see the previous user's cached data.
      queryClient.clear()
      signIn(token, values.username.trim())
      await navigate({ to: redirect && redirect.startsWith('/') ? redirect : '/dashboard', replace: true })
    } catch {
      // SPEC §4: a failed login reloads the captcha; what the user typed stays, except the used captcha.
      setValues((v) => ({ ...v, captcha: '' }))
      await queryClient.refetchQueries({ queryKey: accountKeys.captcha() })
    }
  }

  return (
    <AuthLayout title={uiText.loginTitle} subtitle={uiText.loginSubtitle}>
      <form className="login-form" onSubmit={onSubmit} noValidate>
        <LightList>
          {fields.map((f) => (
            <LightListItem
              key={f.name}
              prefix={<label htmlFor={`login-${f.name}`} className="form-label">{f.label}</label>}
              extra={f.name === 'captcha' ? <CaptchaImage onRefresh={() => set('captcha', '')} /> : undefined}
              description={errors[f.name] ? <span className="form-error" role="alert">{errors[f.name]}</span> : undefined}
            >
              <LightInput
                id={`login-${f.name}`}
                type={f.type}
                value={values[f.name]}
                onChange={(v) => set(f.name, v)}
                placeholder={uiText.required(f.label)}
                autoComplete={f.autoComplete}
                maxLength={f.maxLength}
                aria-invalid={errors[f.name] ? true : undefined}
                clearable={f.name !== 'captcha'}
              />
            </LightListItem>
          ))}
        </LightList>
        <div className="form-footer">
          <PlainButton type="submit" block color="primary" size="large" loading={login.isPending}>
            {uiText.login}
          </PlainButton>
        </div>
      </form>
      <Link to="/register" className="auth-link">
        {uiText.gotoRegister}
      </Link>
    </AuthLayout>
  )
}
