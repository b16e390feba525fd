import { describe, expect, it } from 'vitest'
import type { Db } from './client'
import { builtOnce, SHAPES_KEPT } from './shaped'

const fakeDb = () => ({}) as unknown as Db

describe('builtOnce', () => {
  it('builds a shape once per database and runs it with each call’s values', async () => {
    let builds = 0
    const build = () => {
      builds++
      return { execute: async (values?: Record<string, unknown>) => values?.n }
    }
    const [a, b] = [fakeDb(), fakeDb()]
    expect(await builtOnce(a, 'k', build).execute({ n: 1 })).toBe(1)
    expect(await builtOnce(a, 'k', build).execute({ n: 2 })).toBe(2)
    expect(builds).toBe(1)
    // Another database has statements of its own (a prepared query belongs to its database's session).
    await builtOnce(b, 'k', build).execute({ n: 3 })
    expect(builds).toBe(2)
    await builtOnce(a, 'other', build).execute()
    expect(builds).toBe(3)
  })

  it('keeps at most SHAPES_KEPT shapes, building the least recently used again when asked for', () => {
    const db = fakeDb()
    const built: string[] = []
    const shape = (key: string) => builtOnce(db, key, () => (built.push(key), { execute: async () => key }))
    for (let i = 0; i <= SHAPES_KEPT; i++) shape(`s${i}`)
    expect(built).toHaveLength(SHAPES_KEPT + 1)
    shape(`s${SHAPES_KEPT}`)
    expect(built).toHaveLength(SHAPES_KEPT + 1)
    shape('s0')
    expect(built.at(-1)).toBe('s0')
    expect(built).toHaveLength(SHAPES_KEPT + 2)
  })
})
