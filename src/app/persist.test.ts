// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn, signOut } from './api/token'
import { CACHE_KEY, cacheBuster, startPersistence } from './persist'
import { createQueryClient } from './queryClient'

const SECRET = 'sk-live-5f1c0a9e7b'

async function flush() {
  // The persister throttles writes to one a second.
  await vi.advanceTimersByTimeAsync(1100)
}

function stored() {
  return localStorage.getItem(CACHE_KEY) ?? ''
}

let client: QueryClient
beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
  client = new QueryClient()
})
afterEach(() => {
  signOut()
  client.clear()
  vi.useRealTimers()
})

describe('persisted query cache', () => {
  it('persists only queries marked meta.persist, never a secret', async () => {
    signIn('token-a', 'demo')
    await startPersistence(client)
    await client.fetchQuery({ queryKey: ['huaweiDevices', 'list'], queryFn: () => [{ serialNumber: 'SN-PERSISTED' }], meta: { persist: true } })
    await client.fetchQuery({ queryKey: ['access', 'get'], queryFn: () => ({ accessSecret: SECRET }) })
    await flush()
    expect(stored()).toContain('SN-PERSISTED')
    expect(stored()).not.toContain(SECRET)
    expect(JSON.parse(stored()).buster).toBe(cacheBuster('demo'))
  })

  it('masks sensitive fields even inside a persisted query', async () => {
    signIn('token-a', 'demo')
    await startPersistence(client)
    const device = { serialNumber: 'SN-1', renterName: '张三', renterIdCard: '11010519491231002X', state: { lockPasscode: '246810' } }
    await client.fetchQuery({ queryKey: ['huaweiDevices', 'detail'], queryFn: () => device, meta: { persist: true } })
    await flush()
    expect(stored()).toContain('SN-1')
    expect(stored()).toContain('张三')
    expect(stored()).not.toContain('11010519491231002X')
    expect(stored()).not.toContain('246810')
    // What the screen holds in memory is untouched.
    expect(client.getQueryData(['huaweiDevices', 'detail'])).toEqual(device)
  })

  it('restores the same user’s cache into a new client, and not another user’s', async () => {
    signIn('token-a', 'demo')
    await startPersistence(client)
    await client.fetchQuery({ queryKey: ['huaweiDevices', 'list'], queryFn: () => ['SN-A'], meta: { persist: true } })
    await flush()

    const sameUser = new QueryClient()
    await startPersistence(sameUser)
    expect(sameUser.getQueryData(['huaweiDevices', 'list'])).toEqual(['SN-A'])

    // Another user signs in: the previous cache is dropped before anything is shown.
    signIn('token-b', 'demo-east')
    const other = new QueryClient()
    await startPersistence(other)
    expect(other.getQueryData(['huaweiDevices', 'list'])).toBeUndefined()
    expect(stored()).not.toContain('SN-A')
  })

  it('removes the cache on sign-out, even when a throttled write was pending', async () => {
    signIn('token-a', 'demo')
    await startPersistence(client)
    await client.fetchQuery({ queryKey: ['huaweiDevices', 'list'], queryFn: () => ['SN-B'], meta: { persist: true } })
    await flush()
    expect(stored()).toContain('SN-B')
    client.setQueryData(['huaweiDevices', 'list'], ['SN-C'])
    signOut()
    await flush()
    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
  })

  it('keeps working when storage is full, dropping the oldest queries first', async () => {
    signIn('token-a', 'demo')
    await startPersistence(client)
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => 'x'.repeat(150), meta: { persist: true } })
    await flush()
    // A quota that holds one such query but not two, as a full localStorage would refuse the write.
    const quota = stored().length + 50
    const realSetItem = Storage.prototype.setItem
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === CACHE_KEY && value.length > quota) throw new DOMException('full', 'QuotaExceededError')
      return realSetItem.call(this, key, value)
    })
    try {
      await client.fetchQuery({ queryKey: ['b'], queryFn: () => 'y'.repeat(150), meta: { persist: true } })
      await flush()
      const kept = JSON.parse(stored()).clientState.queries.map((q: { queryKey: string[] }) => q.queryKey[0])
      expect(kept).toEqual(['b'])
      expect(client.getQueryData(['a'])).toBe('x'.repeat(150))
    } finally {
      spy.mockRestore()
    }
  })

  it('keeps a list not opened for an hour in the saved copy, for the phone that goes offline later', async () => {
    const app = createQueryClient()
    try {
      signIn('token-a', 'demo')
      await startPersistence(app)
      await app.fetchQuery({ queryKey: ['huaweiDevices', 'list', 1], queryFn: () => ['SN-EARLY'], meta: { persist: true } })
      await flush()
      // An hour on other screens (the list has no observer), then another list is read and the cache written again.
      await vi.advanceTimersByTimeAsync(3600_000)
      await app.fetchQuery({ queryKey: ['huaweiDevices', 'list', 2], queryFn: () => ['SN-LATER'], meta: { persist: true } })
      await flush()
      expect(stored()).toContain('SN-LATER')
      expect(stored()).toContain('SN-EARLY')
    } finally {
      app.clear()
    }
  })
})
