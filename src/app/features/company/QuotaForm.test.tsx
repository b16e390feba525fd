// @vitest-environment jsdom
import { cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CompanyRecord } from '../../../shared/contract/company'
import { makeCompany } from './make-company'
import { dismiss, useNotice } from '../../notify'
import { QuotaForm } from './QuotaForm'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})
beforeEach(() => dismiss())

function renderQuota(company: CompanyRecord, ownCompanyId: number | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <QuotaForm visible company={company} ownCompanyId={ownCompanyId} onClose={vi.fn()} />
    </QueryClientProvider>,
  )
}

type FetchCall = [string, RequestInit]
const sentBodies = (spy: ReturnType<typeof vi.fn>) =>
  (spy.mock.calls as unknown as FetchCall[]).filter(([url]) => url === '/mdm/api/v1/account/changeQuantity').map(([, init]) => JSON.parse(String(init.body)))

const chip = (group: string, label: string) => within(screen.getByLabelText(group)).getByText(label)
const isChosen = (group: string, label: string) => chip(group, label).closest('.adm-selector-item')!.classList.contains('adm-selector-item-active')

describe('QuotaForm', () => {
  it('keeps 华为 chosen when its chip is tapped again, and sends a Huawei change', async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: { quotaType: 'HUAWEI', opened: true, remainingQuantity: 8, totalConsumedQuantity: 0 } })))
    vi.stubGlobal('fetch', fetchSpy)
    renderQuota(makeCompany(), 1)
    fireEvent.click(chip('额度类型', '华为'))
    fireEvent.click(chip('额度类型', '华为'))
    expect(isChosen('额度类型', '华为')).toBe(true)
    // The direction cannot be emptied either.
    fireEvent.click(chip('操作', '增加（从本公司转入）'))
    expect(isChosen('操作', '增加（从本公司转入）')).toBe(true)
    fireEvent.change(screen.getByPlaceholderText('请输入数量'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() => expect(sentBodies(fetchSpy)).toEqual([{ targetCompanyId: 7, quantity: 3, huawei: true }]))
  })

  it('words the change for where the quota comes from: the platform for a top-level company, else the parent', () => {
    vi.stubGlobal('fetch', vi.fn())
    renderQuota(makeCompany({ parentId: null }), null)
    expect(chip('操作', '增加（平台发放）')).toBeTruthy()
    expect(chip('操作', '收回（收回到平台）')).toBeTruthy()
    cleanup()
    renderQuota(makeCompany({ parentId: 3 }), null)
    expect(chip('操作', '增加（从上级公司转入）')).toBeTruthy()
  })

  it('shows the server’s refusal as it is and keeps the dialog with what was typed', async () => {
    const msg = '该公司苹果额度只剩 10，最多可收回 10'
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 400, msg, data: null }))))
    renderQuota(makeCompany(), 1)
    fireEvent.click(chip('操作', '收回（转回本公司）'))
    fireEvent.change(screen.getByPlaceholderText('请输入数量'), { target: { value: '11' } })
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() => expect(renderHook(() => useNotice()).result.current).toMatchObject({ message: msg }))
    expect((screen.getByPlaceholderText('请输入数量') as HTMLInputElement).value).toBe('11')
    expect(isChosen('操作', '收回（转回本公司）')).toBe(true)
  })
})
