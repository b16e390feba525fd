// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IosApp } from '../../../../shared/contract/ios-apps'
import type { IosDeviceRecord } from '../../../../shared/contract/my-device'
import { api } from '../../../api/routes'
import { notify } from '../../../notify'
import { AppsTab } from './AppsTab'

/** The server's answers by path: the company's catalogue, nothing applied, no installed apps reported. */
const answers = vi.hoisted(() => new Map<string, unknown>())
vi.mock('../../../api/http', () => ({ call: vi.fn(async (route: { path: string }) => answers.get(route.path) ?? null) }))

const makeApp = (overrides: Partial<IosApp> = {}) => ({ id: 1, kind: 'APP_STORE', name: '企业微信', bundleId: 'com.tencent.wework', ...overrides }) as IosApp
const device = { id: 7, serialNumber: 'F2LX0001', enrolled: true, recycleStatus: false, supervised: true } as IosDeviceRecord

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function renderTab() {
  answers.set(api.iosApps.list.path, [makeApp(), makeApp({ id: 2, name: '钉钉', bundleId: 'com.laiwang.DingTalk' })])
  answers.set(api.iosApps.restrictions.path, [])
  answers.set(api.myDevice.listApp.path, { reportedAt: null, apps: [] })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <AppsTab device={device} now={Date.now()} />
    </QueryClientProvider>,
  )
}

const executionList = () => screen.getByRole('region', { name: '执行列表' })

describe('AppsTab (iPhone 应用)', () => {
  it('puts an app on the execution list once: a second 加入 says it is already there and adds nothing (SPEC §5)', async () => {
    const warning = vi.spyOn(notify, 'warning').mockImplementation(() => 0)
    renderTab()
    const wework = (await screen.findByText('企业微信')).closest('li')!
    fireEvent.click(within(wework).getByRole('button', { name: '加入' }))
    expect(within(executionList()).getAllByText('企业微信')).toHaveLength(1)
    expect(warning).not.toHaveBeenCalled()

    fireEvent.click(within(wework).getByRole('button', { name: '加入' }))
    expect(warning).toHaveBeenCalledWith('企业微信已在执行列表内，无法重复添加')
    expect(within(executionList()).getAllByText('企业微信')).toHaveLength(1)

    // Another app still joins.
    const dingtalk = screen.getByText('钉钉').closest('li')!
    fireEvent.click(within(dingtalk).getByRole('button', { name: '加入' }))
    expect(within(executionList()).getAllByRole('listitem')).toHaveLength(2)
  })
})
