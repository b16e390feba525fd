// @vitest-environment jsdom
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RegisterScreen } from './RegisterScreen'
import { useNotice } from '../../notify'
import { successMessages } from '../../../shared/messages/common'
import { passwordStrengthText } from '../../../shared/messages/passwords'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderRegister() {
  const rootRoute = createRootRoute()
  const register = createRoute({ getParentRoute: () => rootRoute, path: '/register', component: RegisterScreen })
  const login = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: () => <p>login page</p> })
  const router = createRouter({
    routeTree: rootRoute.addChildren([register, login]),
    history: createMemoryHistory({ initialEntries: ['/register'] }),
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } })
}

/** A valid application, typed field by field (each named by its placeholder), in the form's order. */
const validApplication = {
  请输入用户名: 'newco',
  请输入密码: 'Kq7#vLm2-Tz9',
  请输入确认密码: 'Kq7#vLm2-Tz9',
  请输入公司名称: '新租赁公司',
  请输入联系人: '张三',
  请输入手机号: '13912345678',
}

/** Types the valid application, with `changes` typed instead where given. */
function fillApplication(changes: Partial<typeof validApplication> = {}) {
  for (const [placeholder, value] of Object.entries({ ...validApplication, ...changes })) fill(placeholder, value)
}

describe('RegisterScreen', () => {
  it('rejects mismatched passwords with the same message as the server, without calling it', async () => {
    const fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
    renderRegister()
    await screen.findByPlaceholderText('请输入用户名')
    fillApplication({ 请输入确认密码: 'Other1234' })
    fireEvent.click(screen.getByRole('button', { name: '注册' }))
    // Same text as tests/integration/account.test.ts expects from POST /register.
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy()
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).not.toContain('/mdm/api/v1/register')
    expect((screen.getByPlaceholderText('请输入用户名') as HTMLInputElement).value).toBe('newco')
  })

  it('refuses a password without digits before submitting, with the server\'s sentence', async () => {
    const fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
    renderRegister()
    await screen.findByPlaceholderText('请输入用户名')
    fill('请输入密码', 'zhangwei')
    fireEvent.blur(screen.getByPlaceholderText('请输入密码'))
    expect(await screen.findByText('密码必须同时包含字母和数字')).toBeTruthy()
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).not.toContain('/mdm/api/v1/register')
  })

  it('shows the server\'s refusal of a guessable password at the password field, keeping what was typed', async () => {
    const refusal = passwordStrengthText.login('personal')
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 400, msg: refusal, data: null }), { status: 400 })))
    renderRegister()
    await screen.findByPlaceholderText('请输入用户名')
    fillApplication({ 请输入用户名: 'zhangwei', 请输入密码: 'zhangwei1234', 请输入确认密码: 'zhangwei1234' })
    fireEvent.click(screen.getByRole('button', { name: '注册' }))
    const item = screen.getByPlaceholderText('请输入密码').closest('.adm-form-item')!
    await waitFor(() => expect(item.querySelector('.adm-form-item-feedback-error')?.textContent).toBe(refusal))
    expect((screen.getByPlaceholderText('请输入密码') as HTMLInputElement).value).toBe('zhangwei1234')
  })

  it('names the field of a contract violation, as the server does', async () => {
    vi.stubGlobal('fetch', vi.fn())
    renderRegister()
    await screen.findByPlaceholderText('请输入用户名')
    fill('请输入手机号', '123')
    fireEvent.click(screen.getByRole('button', { name: '注册' }))
    expect(await screen.findByText('手机号必须是11位数字，以1开头')).toBeTruthy()
    expect(await screen.findByText('用户名不能为空')).toBeTruthy()
  })

  it('clears an error while the field is being corrected, not when it loses focus (the 注册 button must not move under the tap)', async () => {
    vi.stubGlobal('fetch', vi.fn())
    renderRegister()
    await screen.findByPlaceholderText('请输入用户名')
    fireEvent.click(screen.getByRole('button', { name: '注册' }))
    expect(await screen.findByText('请输入手机号')).toBeTruthy()
    expect(screen.getByText('用户名不能为空')).toBeTruthy()
    // Typed only: no field loses focus.
    fill('请输入手机号', '139')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await screen.findByText('手机号必须是11位数字，以1开头')).toBeTruthy() // still wrong: a message stays (now the format's)
    fillApplication()
    await waitFor(() => expect(document.querySelectorAll('.adm-form-item-feedback-error')).toHaveLength(0))
  })

  it('sends a valid form and goes back to login', async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: null })))
    vi.stubGlobal('fetch', fetchSpy)
    const router = renderRegister()
    await screen.findByPlaceholderText('请输入用户名')
    fillApplication()
    fireEvent.click(screen.getByRole('button', { name: '注册' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    const call = (fetchSpy.mock.calls as unknown as [string, RequestInit][]).find(([url]) => url === '/mdm/api/v1/register')
    expect(call).toBeDefined()
    const init = call![1]
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toMatchObject({ username: 'newco', confirmPassword: 'Kq7#vLm2-Tz9' })
    // SPEC §8/§9: 注册成功 asks the applicant to wait, and stays 20 seconds (other notices 3).
    expect(renderHook(() => useNotice()).result.current).toMatchObject({ kind: 'success', message: successMessages.register, durationMs: 20_000 })
  })
})
