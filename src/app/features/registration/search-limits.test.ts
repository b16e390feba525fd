import { describe, expect, it } from 'vitest'
import { RegistrationSearchQuery } from '../../../shared/contract/registration'
import { parseSearch } from '../../components/search-params'
import { registrationSearch, registrationSearchMax } from './queries'

describe('registration search limits', () => {
  it('are the longest filters the server contract accepts', () => {
    for (const [field, max] of Object.entries(registrationSearchMax)) {
      expect(RegistrationSearchQuery.safeParse({ [field]: '1'.repeat(max) }).success).toBe(true)
      expect(RegistrationSearchQuery.safeParse({ [field]: '1'.repeat(max + 1) }).success).toBe(false)
    }
  })

  it('cut an over-long filter (typed or from a link) instead of sending it to be refused, which failed the whole list', () => {
    const raw = Object.fromEntries(Object.keys(registrationSearchMax).filter((f) => f in registrationSearch).map((f) => [f, ` ${'1'.repeat(300)} `]))
    const search = parseSearch(registrationSearch, raw)
    expect(RegistrationSearchQuery.safeParse({ ...search }).success).toBe(true)
    expect(parseSearch(registrationSearch, { username: `${'a'.repeat(32 - 1)}😀` }).username).toBe('a'.repeat(32 - 1))
  })
})
