import { describe, expect, it } from 'vitest'
import { fieldLabelAreas } from './fields'

describe('field labels', () => {
  it('give each request key one label: no area relabels a key another area named differently', () => {
    const seen = new Map<string, { area: string; label: string }>()
    const clashes: string[] = []
    for (const [area, labels] of Object.entries(fieldLabelAreas)) {
      for (const [key, label] of Object.entries(labels)) {
        const before = seen.get(key)
        if (before && before.label !== label) clashes.push(`${key}: ${before.area} “${before.label}” vs ${area} “${label}”`)
        if (!before) seen.set(key, { area, label })
      }
    }
    expect(clashes).toEqual([])
  })
})
