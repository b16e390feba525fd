// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DeviceMoveDialog } from './DeviceMoveDialog'

const user = vi.hoisted(() => ({ kind: 'STAFF' as string }))
const move = vi.hoisted(() => vi.fn(async (_req: unknown) => '转移成功'))
const confirmAction = vi.hoisted(() => vi.fn(async (_text: string, _confirm?: string) => false))
vi.mock('./use-authorities', () => ({ useAuthorities: () => ({ info: { kind: user.kind } }) }))
vi.mock('./dialogs', () => ({ confirmAction }))
vi.mock('../api/device-move', () => ({
  moveTargetsQuery: () => ({ queryKey: ['moveTargets'], queryFn: async () => ({ companies: [{ id: 1, name: '演示租赁公司' }], staff: [] }) }),
  useMoveDevice: () => ({ mutateAsync: move, isPending: false }),
}))

function open() {
  const onClose = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeviceMoveDialog platform="HUAWEI" device={{ id: 3, serialNumber: 'HWDEMO0003', companyId: 1, staffId: 5 }} visible onClose={onClose} onMoved={vi.fn()} />
    </QueryClientProvider>,
  )
  return { onClose }
}

async function chooseCompanyAndConfirm() {
  fireEvent.click(await screen.findByText('演示租赁公司'))
  fireEvent.click(screen.getByRole('button', { name: '确定' }))
}

beforeEach(() => {
  user.kind = 'STAFF'
  confirmAction.mockResolvedValue(false)
})
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

describe('a device transfer', () => {
  it('by a staff member says first that the device will leave their sight, and sends nothing when cancelled', async () => {
    const { onClose } = open()
    await chooseCompanyAndConfirm()
    await waitFor(() => expect(confirmAction).toHaveBeenCalledWith('转移后，设备 HWDEMO0003 将不再分配给您，您将无法再查看或操作它。确定转移吗？', '转移'))
    expect(move).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('by a staff member goes ahead once confirmed', async () => {
    confirmAction.mockResolvedValue(true)
    const { onClose } = open()
    await chooseCompanyAndConfirm()
    await waitFor(() => expect(move).toHaveBeenCalledWith({ deviceId: 3, targetCompanyId: 1 }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('by a company account asks nothing: the device stays in its sight', async () => {
    user.kind = 'BOSS'
    open()
    await chooseCompanyAndConfirm()
    await waitFor(() => expect(move).toHaveBeenCalledWith({ deviceId: 3, targetCompanyId: 1 }))
    expect(confirmAction).not.toHaveBeenCalled()
  })
})
