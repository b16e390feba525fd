// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppAddForm } from './AppAddForm'

const sent = vi.hoisted(() => [] as unknown[])
vi.mock('../../api/http', () => ({ call: vi.fn(async (_route: unknown, input: unknown) => (sent.push(input), null)) }))

afterEach(() => {
  cleanup()
  sent.length = 0
})

function renderForm() {
  Element.prototype.scrollIntoView = vi.fn()
  const onDone = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppAddForm onDone={onDone} />
    </QueryClientProvider>,
  )
  const form = screen.getByRole('form', { name: '添加应用' })
  return { form, onDone, submit: () => fireEvent.submit(form) }
}

describe('AppAddForm (iPhone 应用: 添加应用)', () => {
  it('refuses an empty form in the contract’s Chinese sentence, sending nothing (it showed zod’s English)', async () => {
    const { submit } = renderForm()
    submit()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/[\u4e00-\u9fff]/)
    expect(alert.textContent).not.toMatch(/expected|Too small/i)
    expect(sent).toEqual([])
  })

  it('is brought into view when it opens (its button is at the foot of the screen), and sends a valid app', async () => {
    const { form, onDone, submit } = renderForm()
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled()
    const inputs = form.querySelectorAll('input')
    fireEvent.change(inputs[0], { target: { value: '企业微信' } })
    fireEvent.change(inputs[1], { target: { value: 'com.tencent.wework' } })
    fireEvent.change(inputs[2], { target: { value: '1087897068' } })
    submit()
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ kind: 'APP_STORE', name: '企业微信', bundleId: 'com.tencent.wework', itunesStoreId: 1087897068 }])
  })
})
