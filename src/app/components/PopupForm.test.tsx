// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { z } from 'zod'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorMessages } from '../../shared/messages/common'
import { passwordStrengthText } from '../../shared/messages/passwords'
import { RequestError } from '../api/http'
import { dismiss, useNotice } from '../notify'
import { ConfirmField, NOT_SENT, SubmitForm, TextField } from './PopupForm'

afterEach(cleanup)
beforeEach(() => dismiss())

const Fields = z.object({ name: z.string().trim().min(1).max(8) })
type Values = z.infer<typeof Fields>

function renderForm(props: { visible: boolean; initialValues: Values; submit: (v: Values) => Promise<unknown>; onClose?: () => void }) {
  const onClose = props.onClose ?? vi.fn()
  const ui = (p: typeof props) => (
    <SubmitForm<Values> visible={p.visible} initialValues={p.initialValues} submit={p.submit} success="保存成功" pending={false} onClose={onClose}>
      <TextField name="name" label="名称" schema={Fields} />
    </SubmitForm>
  )
  const view = render(ui(props))
  return { onClose, rerender: (next: typeof props) => view.rerender(ui(next)) }
}

const input = () => screen.getByPlaceholderText('请输入名称') as HTMLInputElement
const submitButton = () => screen.getByRole('button', { name: '确定' })

describe('SubmitForm', () => {
  it('checks a field with the contract’s own rule and sends nothing while it fails', async () => {
    const submit = vi.fn(async () => null)
    renderForm({ visible: true, initialValues: { name: '' }, submit })
    fireEvent.click(submitButton())
    expect(await screen.findByText('名称不能为空')).toBeTruthy()
    expect(submit).not.toHaveBeenCalled()
  })

  it('names the field as its label does, not as the request key’s label (issue #11: 姓名, not 名称)', async () => {
    render(
      <SubmitForm<Values> visible initialValues={{ name: '' }} submit={vi.fn()} success="保存成功" pending={false} onClose={vi.fn()}>
        <TextField name="name" label="姓名" schema={Fields} />
      </SubmitForm>,
    )
    fireEvent.click(submitButton())
    expect(await screen.findByText('姓名不能为空')).toBeTruthy()
    expect(screen.queryByText('名称不能为空')).toBeNull()
  })

  it('keeps what was typed when the save is refused', async () => {
    const submit = vi.fn(async () => Promise.reject(new Error('refused')))
    const { onClose } = renderForm({ visible: true, initialValues: { name: 'A' }, submit })
    fireEvent.change(input(), { target: { value: 'B' } })
    fireEvent.click(submitButton())
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'B' }))
    expect(onClose).not.toHaveBeenCalled()
    expect(input().value).toBe('B')
  })

  it('shows a refusal about one of its fields at that field (用户名已被使用), and others only at the top', async () => {
    const Account = z.object({ username: z.string().min(1), name: z.string().min(1) })
    let refusal = new RequestError(500, errorMessages.usernameTaken)
    const submit = vi.fn(async () => Promise.reject(refusal))
    render(
      <SubmitForm<z.infer<typeof Account>> visible initialValues={{ username: 'zhang', name: '张三' }} submit={submit} success="保存成功" pending={false} onClose={vi.fn()}>
        <TextField name="username" label="用户名" schema={Account} />
        <TextField name="name" label="姓名" schema={Account} />
      </SubmitForm>,
    )
    fireEvent.click(submitButton())
    const atField = await screen.findByText(errorMessages.usernameTaken)
    expect(atField.closest('.adm-form-item')?.textContent).toContain('用户名')
    expect((screen.getByPlaceholderText('请输入用户名') as HTMLInputElement).value).toBe('zhang')

    // Typed again and checked: the field's message goes; a refusal about no field stays at the top only.
    fireEvent.change(screen.getByPlaceholderText('请输入用户名'), { target: { value: 'zhang2' } })
    fireEvent.blur(screen.getByPlaceholderText('请输入用户名'))
    await waitFor(() => expect(screen.queryByText(errorMessages.usernameTaken)).toBeNull())
    refusal = new RequestError(500, errorMessages.serverError)
    fireEvent.click(submitButton())
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.queryByText(errorMessages.serverError)).toBeNull()
  })

  it('shows the server’s refusal of a guessable password at the new password, whichever name the form gives it', async () => {
    const refusal = new RequestError(400, passwordStrengthText.login('common'))
    const Change = z.object({ oldPassword: z.string(), newPassword: z.string() })
    render(
      <SubmitForm<z.infer<typeof Change>> visible initialValues={{ oldPassword: 'Old#Pass2024', newPassword: 'Password2026' }} submit={async () => Promise.reject(refusal)} success="保存成功" pending={false} onClose={vi.fn()}>
        <TextField name="oldPassword" label="原密码" schema={Change} />
        <TextField name="newPassword" label="新密码" schema={Change} />
      </SubmitForm>,
    )
    fireEvent.click(submitButton())
    const atField = await screen.findByText(refusal.message)
    expect(atField.closest('.adm-form-item')?.textContent).toContain('新密码')
  })

  it('marks a field required exactly when the contract refuses it empty, or a rule of the caller requires it', () => {
    const Shape = z.object({ name: z.string().trim().min(1), note: z.string().max(20), phone: z.string().max(11) })
    render(
      <SubmitForm<z.infer<typeof Shape>> visible submit={vi.fn()} success="保存成功" pending={false} onClose={vi.fn()}>
        <TextField name="name" label="名称" schema={Shape} />
        <TextField name="note" label="备注" schema={Shape} />
        <TextField name="phone" label="电话" schema={Shape} rules={[{ required: true, message: '请输入电话' }]} />
      </SubmitForm>,
    )
    const marked = [...document.querySelectorAll('.adm-form-item-required-asterisk')].map((mark) => mark.closest('label')?.textContent?.replace('*', ''))
    expect(marked).toEqual(['名称', '电话'])
  })

  it('after a save says so, closes, and opens next time from the record as it is then', async () => {
    const submit = vi.fn(async () => null)
    const { onClose, rerender } = renderForm({ visible: true, initialValues: { name: 'A' }, submit })
    fireEvent.change(input(), { target: { value: 'B' } })
    fireEvent.click(submitButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(renderHook(() => useNotice()).result.current).toMatchObject({ kind: 'success', message: '保存成功' })

    rerender({ visible: false, initialValues: { name: 'A' }, submit })
    act(() => rerender({ visible: true, initialValues: { name: 'B' }, submit }))
    expect(input().value).toBe('B')
  })

  it('stays open, saying nothing, when the caller answers that nothing was sent (the user stopped it at a question)', async () => {
    const submit = vi.fn(async () => NOT_SENT)
    const { onClose } = renderForm({ visible: true, initialValues: { name: 'A' }, submit })
    fireEvent.change(input(), { target: { value: 'B' } })
    fireEvent.click(submitButton())
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'B' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(onClose).not.toHaveBeenCalled()
    expect(renderHook(() => useNotice()).result.current).toBeNull()
    expect(input().value).toBe('B')
  })
})

describe('ConfirmField', () => {
  const Secret = z.object({ password: z.string().min(1), confirmPassword: z.string().min(1) })
  const differ = (first: string, second: string) => (first === second ? undefined : '两次输入不一致')

  function renderConfirm(submit: (v: unknown) => Promise<unknown>, schema?: typeof Secret) {
    render(
      <SubmitForm visible submit={submit} success="保存成功" pending={false} onClose={vi.fn()}>
        <TextField name="password" label="密码" schema={Secret} />
        <ConfirmField name="confirmPassword" of="password" mismatch={differ} label="确认密码" schema={schema} />
      </SubmitForm>,
    )
  }
  const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } })

  it('refuses a second typing that differs from the first, and sends only when they agree', async () => {
    const submit = vi.fn(async () => null)
    renderConfirm(submit, Secret)
    type('请输入密码', 'abc')
    type('请输入确认密码', 'abd')
    fireEvent.click(submitButton())
    expect(await screen.findByText('两次输入不一致')).toBeTruthy()
    expect(submit).not.toHaveBeenCalled()
    // The first is typed again to match: the confirmation is checked again, without being touched.
    type('请输入密码', 'abd')
    await waitFor(() => expect(screen.queryByText('两次输入不一致')).toBeNull())
    fireEvent.click(submitButton())
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ password: 'abd', confirmPassword: 'abd' }))
  })

  it('left empty, says only what its schema says; without a schema, that the two differ', async () => {
    renderConfirm(vi.fn(), Secret)
    type('请输入密码', 'abc')
    fireEvent.click(submitButton())
    expect(await screen.findByText('确认密码不能为空')).toBeTruthy()
    expect(screen.queryByText('两次输入不一致')).toBeNull()
    cleanup()

    renderConfirm(vi.fn())
    type('请输入密码', 'abc')
    fireEvent.click(submitButton())
    expect(await screen.findByText('两次输入不一致')).toBeTruthy()
  })
})
