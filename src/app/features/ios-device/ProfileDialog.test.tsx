// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProfileDialog } from './ProfileDialog'

vi.mock('../../api/http', () => ({ call: vi.fn(async () => ({ path: '/mdm/enroll?ticket=v1.abc', expiresAt: '2026-11-28T12:00:00Z' })) }))

afterEach(cleanup)

describe('ProfileDialog (iPhone 设备接入)', () => {
  it('shows a generated link once, as a QR code and as text with its expiry, and forgets it when closed', async () => {
    const onClose = vi.fn()
    const ui = (visible: boolean) => (
      <QueryClientProvider client={new QueryClient()}>
        <ProfileDialog visible={visible} onClose={onClose} />
      </QueryClientProvider>
    )
    const view = render(ui(true))
    expect(screen.queryByTestId('enrollment-link')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '生成接入链接' }))
    const link = await screen.findByTestId('enrollment-link')
    expect(link.textContent).toBe(`${window.location.origin}/mdm/enroll?ticket=v1.abc`)
    expect(screen.getByTestId('enrollment-qr')).toBeTruthy()
    expect(screen.getByText(/前有效，且只能下载一次/)).toBeTruthy()
    expect(screen.getByRole('button', { name: '复制' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '关闭' }))
    expect(onClose).toHaveBeenCalled()
    view.rerender(ui(false))
    view.rerender(ui(true))
    await waitFor(() => expect(screen.queryByTestId('enrollment-link')).toBeNull())
  })
})
