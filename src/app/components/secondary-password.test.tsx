// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

const get = vi.fn()
vi.mock('../api/http', () => ({ call: (...args: unknown[]) => get(...args) }))
const { secondaryPasswordFor } = await import('./secondary-password')

// antd-mobile's render hook for React 19, installed as the console installs it (popups.ts).
beforeAll(async () => {
  await import('./popups')
})
beforeEach(() => get.mockReset())

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

describe('secondaryPasswordFor', () => {
  it('asks nothing for a command that can be undone', async () => {
    expect(await secondaryPasswordFor(client(), 'lockScreen')).toEqual({})
    expect(get).not.toHaveBeenCalled()
  })

  it('asks nothing when the account has no secondary password', async () => {
    get.mockResolvedValue({ secondaryPasswordSet: false })
    expect(await secondaryPasswordFor(client(), 'restoreSettings')).toEqual({})
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ path: '/userCenter/security' }))
  })

  it('asks for it when set: what is typed goes with the command, a cancel sends nothing', async () => {
    get.mockResolvedValue({ secondaryPasswordSet: true })
    const typed = secondaryPasswordFor(client(), 'exitControl')
    const input = await screen.findByPlaceholderText('二级密码')
    fireEvent.change(input, { target: { value: 'Second@2026' } })
    fireEvent.click(screen.getByText('确认'))
    expect(await typed).toEqual({ secondaryPassword: 'Second@2026' })
    await waitFor(() => expect(screen.queryByPlaceholderText('二级密码')).toBeNull())

    const cancelled = secondaryPasswordFor(client(), 'restoreSettings')
    fireEvent.click(await screen.findByText('取消'))
    expect(await cancelled).toBeNull()
  })
})
