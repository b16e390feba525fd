// @vitest-environment jsdom
import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FilePicker } from './FilePicker'

afterEach(cleanup)

function Picker() {
  const [file, setFile] = useState<File | null>(null)
  return <FilePicker label="证书文件（.p12）" accept=".p12" file={file} onChange={setFile} />
}

describe('FilePicker (issue #43 item 9)', () => {
  it('is the console’s own control over the native input: labelled, and naming the chosen file and its size', () => {
    render(<Picker />)
    const input = screen.getByLabelText('证书文件（.p12）')
    expect(input.getAttribute('type')).toBe('file')
    expect(screen.getByText('选择文件')).toBeTruthy()
    expect(screen.getByTestId('file-picker-name').textContent).toBe('未选择文件')
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2048)], 'push.p12')] } })
    expect(screen.getByTestId('file-picker-name').textContent).toBe('push.p12（2 KB）')
    expect(screen.getByText('重新选择')).toBeTruthy()
  })
})
