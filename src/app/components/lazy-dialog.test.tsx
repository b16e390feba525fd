// @vitest-environment jsdom
import { useState, type ComponentType } from 'react'
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismiss, useNotice } from '../notify'
import { DialogSlot, lazyDialog } from './lazy-dialog'
import { useDisclosure } from './use-disclosure'

afterEach(cleanup)
beforeEach(() => dismiss())

/** A stand-in dialog: shows whether it is open and keeps what was typed in its own state. */
function Draft({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [text, setText] = useState('')
  return (
    <div data-testid="dialog" data-visible={visible}>
      <input aria-label="draft" value={text} onChange={(e) => setText(e.target.value)} />
      <button onClick={onClose}>close</button>
    </div>
  )
}

function Screen({ Dialog }: { Dialog: ComponentType<{ visible: boolean; onClose: () => void }> }) {
  const dialog = useDisclosure()
  return (
    <>
      <button onClick={() => dialog.open(true)}>open</button>
      <DialogSlot of={dialog}>
        <Dialog visible={dialog.visible} onClose={dialog.close} />
      </DialogSlot>
    </>
  )
}

describe('lazily loaded dialogs', () => {
  it('fetch their code on the first open only, and stay mounted when closed so what was typed is kept', async () => {
    const load = vi.fn(async () => Draft)
    render(<Screen Dialog={lazyDialog(load)} />)
    expect(screen.queryByTestId('dialog')).toBeNull()
    expect(load).not.toHaveBeenCalled()

    fireEvent.click(screen.getByText('open'))
    await screen.findByTestId('dialog')
    fireEvent.change(screen.getByLabelText('draft'), { target: { value: '未保存的内容' } })
    fireEvent.click(screen.getByText('close'))
    expect(screen.getByTestId('dialog').dataset.visible).toBe('false')

    fireEvent.click(screen.getByText('open'))
    expect(screen.getByTestId('dialog').dataset.visible).toBe('true')
    expect((screen.getByLabelText('draft') as HTMLInputElement).value).toBe('未保存的内容')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('say so when the code cannot be fetched, close, and try again on the next open', async () => {
    const load = vi.fn<() => Promise<typeof Draft>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Draft)
    render(<Screen Dialog={lazyDialog(load)} />)

    fireEvent.click(screen.getByText('open'))
    await waitFor(() => expect(renderHook(() => useNotice()).result.current).toMatchObject({ kind: 'warning', message: '网络连接失败' }))
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByTestId('dialog')).toBeNull()

    await act(async () => fireEvent.click(screen.getByText('open')))
    expect((await screen.findByTestId('dialog')).dataset.visible).toBe('true')
    expect(load).toHaveBeenCalledTimes(2)
    // Loaded now: closing keeps the dialog mounted again.
    fireEvent.click(screen.getByText('close'))
    expect(screen.getByTestId('dialog').dataset.visible).toBe('false')
  })
})
