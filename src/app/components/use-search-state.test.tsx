// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { param, pagingSearch } from './search-params'
import { useSearchState } from './use-search-state'

afterEach(cleanup)

const shape = { ...pagingSearch, name: param.text }
type SearchApi = ReturnType<typeof useSearchState<typeof shape>>
let api: SearchApi
const capture = (value: SearchApi) => {
  api = value
}

function Probe({ onState }: { onState: (value: SearchApi) => void }) {
  onState(useSearchState(shape))
  return null
}

async function renderAt(url: string) {
  const root = createRootRoute()
  const list = createRoute({ getParentRoute: () => root, path: '/list', component: () => <Probe onState={capture} /> })
  const router = createRouter({ routeTree: root.addChildren([list]), history: createMemoryHistory({ initialEntries: [url] }) })
  render(<RouterProvider router={router} />)
  await act(() => router.load())
  return router
}

describe('useSearchState (SPEC §4 paged lists)', () => {
  it('reads page, size and filters from the URL, with defaults for bad values', async () => {
    await renderAt('/list?current=3&pageSize=20&name=%E5%BC%A0')
    expect(api[0]).toMatchObject({ current: 3, pageSize: 20, name: '张' })
    await renderAt('/list?current=-2&pageSize=abc')
    expect(api[0]).toMatchObject({ current: 1, pageSize: 10 })
  })

  it('a new search resets current to 1, replaces the filter and keeps the page size', async () => {
    const router = await renderAt('/list?current=3&pageSize=20&name=old')
    await act(async () => api[2]({ name: 'new' }))
    expect(router.state.location.search).toEqual({ current: 1, pageSize: 20, name: 'new' })
  })

  it('a page change keeps the filters', async () => {
    const router = await renderAt('/list?current=1&name=keep')
    await act(async () => api[1]({ ...api[0], current: 2 }))
    expect(router.state.location.search).toMatchObject({ current: 2, name: 'keep' })
  })
})
