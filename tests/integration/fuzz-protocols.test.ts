import fc from 'fast-check'
import { build, type PlistValue } from 'plist'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { endpointUrl } from '../../src/shared/contract/endpoint'
import { allEndpoints } from '../../src/shared/contract/endpoints'
import { APPLE_MDM_BASE, CHECKIN_PATH, SERVER_PATH } from '../../src/server/protocol/apple/profile'
import { mdmSignature, type SimulatedIphone } from '../../src/sim/iphone'
import { enrolledIphone } from './apple-helpers'
import { createHarness, type Harness } from './harness'
import { fuzzBed, fuzzEndpoint, sentCount } from './fuzz-bed'
import { expectSane, FUZZ_SEED, nestedJson, runs } from './fuzz-inputs'
import { addDevice, appFetch, issueToken, simulator } from './huawei-helpers'

/**
 * Issue #10: both device protocols fuzzed. The agent protocol's endpoints (in the table) with an enrolled agent's
 * credential; Apple's CheckInURL and ServerURL with property lists signed by an enrolled iPhone's identity, unsigned,
 * and malformed. Whatever is sent: no 500, no stack trace, every refusal the envelope in Chinese.
 */
let h: Harness
beforeAll(async () => {
  h = await createHarness({ trustProxy: true })
})
afterAll(async () => {
  console.log(`fuzz protocols (seed ${FUZZ_SEED}): requests per class ${JSON.stringify(sentCount)}`)
  await h?.close()
})

const bed = fuzzBed(() => h)

describe('fuzzing the agent protocol', () => {
  let credential = ''
  beforeEach(async () => {
    await bed.prepare()
    if (credential) return
    const boss = await h.login('demo')
    const serialNumber = 'FUZZAGENT01'
    await addDevice(h, boss, { serialNumber })
    const phone = simulator(appFetch(h), { enrollmentToken: await issueToken(h, boss), serialNumber })
    await phone.enroll()
    credential = phone.credential!
  })
  const agent = allEndpoints.filter((e) => e.base === 'agent')
  it('walks all of it', () => expect(agent.length).toBeGreaterThanOrEqual(3))
  for (const e of agent) {
    it(`${e.method} ${endpointUrl(e)}`, () =>
      fuzzEndpoint(e, (req) => bed.send(e, req, e.access.kind === 'device' ? { authorization: `Device ${credential}` } : {}), bed.ids()))
  }
})

const messageTypes = ['Authenticate', 'TokenUpdate', 'CheckOut', 'UserAuthenticate', 'DeclarativeManagement', 'GetBootstrapToken', 'Nonsense']
const statuses = ['Idle', 'Acknowledged', 'Error', 'CommandFormatError', 'NotNow', 'Bogus']

/** A plist value of any kind the format has, text included at its edges (plist can carry what XML can). */
const plistValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 20 }),
    fc.constantFrom('', '\u202Eevil', '👩‍👩‍👧‍👦', 'é'.repeat(70_000), '<![CDATA[x]]>', '&amp;'),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.date({ noInvalidDate: true }),
    fc.uint8Array({ maxLength: 16 }).map((b) => Buffer.from(b)),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tie('v'), { maxKeys: 3 }),
  ),
})).v

/** Raw bodies that are not a property list of a dictionary, or that try to make the parser do too much. */
const rawPlists = fc.constantFrom(
  '',
  'not xml',
  '<?xml version="1.0"?><plist><dict><key>a</key></dict>',
  '<?xml version="1.0"?><plist version="1.0"><array><string>x</string></array></plist>',
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><plist><dict><key>a</key><string>&lol2;</string></dict></plist>',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><plist><dict><key>MessageType</key><string>&xxe;</string></dict></plist>',
  `<?xml version="1.0"?><plist><dict><key>a</key>${nestedJson(5_000, '<array>', '</array>', '<true/>')}</dict></plist>`,
  '<plist><dict><key>MessageType</key><integer>99999999999999999999999</integer></dict></plist>',
  '<plist><dict><key>Status</key><date>not a date</date><key>x</key><data>!!!</data></dict></plist>',
  'bplist00\u0000\u0001junk',
  '{"MessageType":"Authenticate"}',
)

describe('fuzzing the Apple MDM endpoints', () => {
  let phone: SimulatedIphone
  beforeEach(async () => {
    await bed.prepare()
    phone ??= (await enrolledIphone(h, await h.login('demo'))).phone
  })

  const message = fc.record(
    {
      MessageType: fc.constantFrom(...messageTypes),
      UDID: fc.oneof(fc.constant(null), fc.string({ maxLength: 40 })),
      Status: fc.constantFrom(...statuses),
      CommandUUID: fc.string({ maxLength: 40 }),
      Topic: fc.string({ maxLength: 20 }),
      ErrorChain: plistValue,
      Extra: plistValue,
    },
    { requiredKeys: [] },
  )

  async function put(path: string, body: string, signature: 'phone' | 'none' | 'junk') {
    sentCount[`apple:${signature}`] = (sentCount[`apple:${signature}`] ?? 0) + 1
    const headers: Record<string, string> = { 'content-type': 'application/x-apple-aspen-mdm' }
    if (signature === 'phone') headers['mdm-signature'] = mdmSignature(phone.identity, body)
    if (signature === 'junk') headers['mdm-signature'] = Buffer.from(body.slice(0, 64)).toString('base64') + '%%'
    const res = await h.call('PUT', `${APPLE_MDM_BASE}${path}`, { body, headers })
    expectSane(res, `PUT ${path} (${signature}) ${body.slice(0, 300)}`)
  }

  for (const path of [CHECKIN_PATH, SERVER_PATH]) {
    it(`PUT ${APPLE_MDM_BASE}${path}: messages generated, signed by the enrolled phone`, async () => {
      await fc.assert(
        fc.asyncProperty(message, async (m) => {
          const udid = m.UDID === null ? phone.udid : m.UDID
          await put(path, build({ ...m, UDID: udid } as PlistValue), 'phone')
        }),
        runs(12),
      )
    })
    it(`PUT ${APPLE_MDM_BASE}${path}: malformed bodies, signed, unsigned and with a junk signature`, async () => {
      await fc.assert(
        fc.asyncProperty(rawPlists, fc.constantFrom('phone', 'none', 'junk' as const), (body, signature) => put(path, body, signature)),
        runs(12),
      )
    })
  }
})
