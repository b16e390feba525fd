// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { askPin } from './params'

afterEach(() => {
  document.body.innerHTML = ''
})

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } })
const send = () => fireEvent.click(screen.getByRole('button', { name: '下发' }))

describe('askPin (macLock: a 6-digit PIN typed twice, SPEC §3, §5)', () => {
  it('refuses two different PINs, sending nothing, and answers the PIN once they agree', async () => {
    let answer: { pin: string } | null | undefined
    act(() => void askPin().then((value) => (answer = value)))
    await screen.findByLabelText('6位数字密码', { selector: 'input' })
    type('6位数字密码', '123456')
    type('再次输入密码', '123457')
    send()
    expect((await screen.findByRole('alert')).textContent).toBe('两次密码不一致')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(answer).toBeUndefined()

    type('再次输入密码', '123456')
    send()
    await waitFor(() => expect(answer).toEqual({ pin: '123456' }))
  })
})
