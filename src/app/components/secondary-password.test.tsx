// @vitest-environment jsdom
import { createRoot } from 'react-dom/client'
import { unstableSetRender } from 'antd-mobile'
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

const get = vi.fn()
vi.mock('../api/http', () => ({ call: (...args: unknown[]) => get(...args) }))
const { secondaryPasswordFor } = await import('./secondary-password')

beforeAll(() => {
  unstableSetRender((node, container) => {
    const el = container as Element & { _root?: ReturnType<typeof createRoot> }
    el._root ??= createRoot(el)
    el._root.render(node)
    return async () => {
      await new Promise((r) => setTimeout(r, 0))
      el._root?.unmount()
    }
  })
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
