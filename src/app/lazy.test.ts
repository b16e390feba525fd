import { describe, expect, it, vi } from 'vitest'
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './lazy'

describe('chunk load timeout (SPEC §9)', () => {
  it('is 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000)
  })

  it('fails a load that has not arrived in time, with the message', async () => {
    vi.useFakeTimers()
    try {
      const never = new Promise<never>(() => undefined)
      const raced = withTimeout(never, CHUNK_LOAD_TIMEOUT_MS, '页面加载超时，请检查网络后重试')
      let failedAt: number | null = null
      const settled = expect(raced.catch((e: Error) => ((failedAt = Date.now()), Promise.reject(e)))).rejects.toThrow('页面加载超时，请检查网络后重试')
      const start = Date.now()
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1)
      // Still waiting one millisecond before the limit …
      expect(failedAt).toBeNull()
      await vi.advanceTimersByTimeAsync(1)
      await settled
      // … and failed exactly at it.
      expect(failedAt! - start).toBe(CHUNK_LOAD_TIMEOUT_MS)
    } finally {
      vi.useRealTimers()
    }
  })

  it('passes a load that arrives in time through', async () => {
    await expect(withTimeout(Promise.resolve({ Screen: 1 }), 50, 'x')).resolves.toEqual({ Screen: 1 })
  })
})
