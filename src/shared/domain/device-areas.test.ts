import { describe, expect, it } from 'vitest'
import { assignableAuthorities } from './authorities'
import { deviceAreaAuthorities } from './device-areas'

describe('deviceAreaAuthorities', () => {
  it('names only authorities of the authority tree that a company can hold', () => {
    const company = assignableAuthorities('COMPANY')
    for (const [platform, authorities] of Object.entries(deviceAreaAuthorities)) {
      for (const code of Object.values(authorities)) expect(company, `${platform} ${code}`).toContain(code)
    }
  })

  it('lets Mi devices be commanded with the Mi device authority (the tree has no Mi command authority)', () => {
    expect(deviceAreaAuthorities.MI.command).toBe('mi:device')
    expect(deviceAreaAuthorities.HUAWEI).toEqual({ device: 'huawei:device', command: 'huawei:command', recycle: 'huawei:recycle' })
  })
})
