// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchPasteCuts } from './paste-limit'

/** A paste of `text` into `field`, then what the field did with it (`after`: its value once it has cut, or not). */
async function paste(field: HTMLInputElement | HTMLTextAreaElement, text: string, after: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'clipboardData', { value: { getData: (type: string) => (type === 'text/plain' ? text : '') } })
  field.dispatchEvent(event)
  field.value = after
  await new Promise((resolve) => setTimeout(resolve, 0))
}

let warn: ReturnType<typeof vi.fn<(kept: number) => void>>
let stop = () => {}
beforeEach(() => {
  warn = vi.fn()
  stop = watchPasteCuts(document, warn)
})
afterEach(() => {
  stop()
  document.body.innerHTML = ''
})

describe('watchPasteCuts', () => {
  it('says so when a paste was cut to the field’s length, counting characters as people do', async () => {
    const area = document.body.appendChild(document.createElement('textarea'))
    area.value = '通知：'
    area.setSelectionRange(3, 3)
    await paste(area, '请于本周内归还设备😀并结清费用', '通知：请于本周内归还设备😀')
    expect(warn).toHaveBeenCalledWith(13)
  })

  it('says nothing when the whole paste went in, over a selection it replaced, or outside a text field', async () => {
    const input = document.body.appendChild(document.createElement('input'))
    input.value = 'ABCDEF'
    input.setSelectionRange(2, 4)
    await paste(input, 'xyz', 'ABxyzEF')
    const box = document.body.appendChild(document.createElement('div'))
    box.dispatchEvent(Object.assign(new Event('paste', { bubbles: true }), { clipboardData: { getData: () => 'text' } }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(warn).not.toHaveBeenCalled()
  })
})
