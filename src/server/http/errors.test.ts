import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './errors'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['admin shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['cannot connect now (57P03)', withCode('57P03')],
    ['connection exception class 08', withCode('08006')],
    ['connection failure class 08', withCode('08001')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED'))],
    ['several addresses refused', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), { code: undefined })],
  ])('%s → unavailable', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true)
  })

  it.each([
    ['unique violation', withCode('23505')],
    ['syntax error', withCode('42601')],
    ['wrapped query error', new DrizzleQueryError('insert …', ['secret'], withCode('23503'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('%s → not unavailable', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false)
  })
})
