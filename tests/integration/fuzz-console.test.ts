import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { endpointUrl } from '../../src/shared/contract/endpoint'
import { allEndpoints } from '../../src/shared/contract/endpoints'
import { createHarness, type Harness } from './harness'
import { fuzzBed, fuzzEndpoint, sentCount } from './fuzz-bed'
import { FUZZ_SEED } from './fuzz-inputs'

/**
 * Issue #10: every endpoint of the console's bases and the open API, fuzzed — bodies and queries from its schema
 * and outside it — as a caller who holds its authority. Whatever is sent: no 500, no stack trace, every refusal the
 * envelope in Chinese. The agent protocol and Apple's MDM endpoints: fuzz-protocols.test.ts.
 */
let h: Harness
// Client addresses come from X-Forwarded-For, so each request has its own and per-address limits stay out of the way.
beforeAll(async () => {
  h = await createHarness({ trustProxy: true })
})
afterAll(async () => {
  console.log(`fuzz (seed ${FUZZ_SEED}): ${fuzzed.length} console/open endpoints, requests per class ${JSON.stringify(sentCount)}`)
  await h?.close()
})

const bed = fuzzBed(() => h)
beforeEach(() => bed.prepare())

const fuzzed = allEndpoints.filter((e) => e.base !== 'agent')

describe.each(['main', 'huawei', 'open'] as const)('fuzzing every %s endpoint', (base) => {
  const group = fuzzed.filter((e) => e.base === base)
  it('walks a real sample of the table', () => expect(group.length).toBeGreaterThan(base === 'open' ? 20 : 40))
  for (const e of group) {
    it(`${e.method} ${endpointUrl(e)}`, () => fuzzEndpoint(e, (req) => bed.send(e, req), bed.ids()))
  }
})
