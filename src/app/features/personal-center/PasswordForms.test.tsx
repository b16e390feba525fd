// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismiss, useNotice } from '../../notify'
import { PasswordForm, SecondaryPasswordForm } from './PasswordForms'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})
beforeEach(() => dismiss())

function renderWithClient(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>)
}

const fill = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } })
const notice = () => renderHook(() => useNotice()).result.current

async function saveSecondary(isSet: boolean) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: null }))))
  const onClose = vi.fn()
  renderWithClient(<SecondaryPasswordForm visible isSet={isSet} onClose={onClose} />)
  fill('请输入登录密码', 'Demo@2026')
  fill('请输入二级密码', '246810')
  fill('请输入确认二级密码', '246810')
  fireEvent.click(screen.getByRole('button', { name: '确定' }))
  await waitFor(() => expect(onClose).toHaveBeenCalled())
}

describe('personal centre password forms', () => {
  it.each([false, true])('says the spec’s 修改密码成功 after saving the secondary password (already set: %s)', async (isSet) => {
    await saveSecondary(isSet)
    expect(notice()).toMatchObject({ kind: 'success', message: '修改密码成功' })
  })

  it('keeps 修改密码成功 for the login password (SPEC §8)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: null }))))
    const onClose = vi.fn()
    renderWithClient(<PasswordForm visible onClose={onClose} />)
    fill('请输入原密码', 'Demo@2026')
    fill('请输入新密码', 'NewPass2026')
    fill('请输入确认密码', 'NewPass2026')
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(notice()).toMatchObject({ kind: 'success', message: '修改密码成功' })
  })
})
