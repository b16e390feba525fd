import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hmacSha1Signature, oauthEncode, signatureBaseString } from './abm-oauth'
import { startAbmSimulator, type SimulatedAbm } from './abm'

// The simulated ABM is what the server's ABM client is tested against, so its checks are tested here on their own:
// a client written from the RFC (signed below by hand), OpenSSL reading its token files.

let dir: string
let certPem: string
let sim: SimulatedAbm
let clock = new Date('2026-11-28T09:00:00Z')

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'abm-sim-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-subj', '/CN=mdm-test', '-days', '2'], { stdio: 'ignore' })
  certPem = execFileSync('cat', [path.join(dir, 'cert.pem')]).toString()
  sim = await startAbmSimulator({ pageSize: 2, now: () => clock })
})
afterAll(async () => {
  await sim.stop()
  rmSync(dir, { recursive: true, force: true })
})

interface Tokens {
  consumer_key: string
  consumer_secret: string
  access_token: string
  access_secret: string
  access_token_expiry: string
}

function decryptToken(p7m: string): Tokens {
  writeFileSync(path.join(dir, 'token.p7m'), p7m)
  const text = execFileSync('openssl', ['smime', '-decrypt', '-in', path.join(dir, 'token.p7m'), '-recip', path.join(dir, 'cert.pem'), '-inkey', path.join(dir, 'key.pem')]).toString()
  const m = /-----BEGIN MESSAGE-----([\s\S]*)-----END MESSAGE-----/.exec(text)
  return JSON.parse(m![1]) as Tokens
}

function authorization(t: Tokens, method: string, url: string, o: { nonce?: string; timestamp?: number; secret?: string } = {}): string {
  const params = new Map<string, string>([
    ['oauth_consumer_key', t.consumer_key],
    ['oauth_token', t.access_token],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(o.timestamp ?? Math.floor(clock.getTime() / 1000))],
    ['oauth_nonce', o.nonce ?? randomBytes(12).toString('hex')],
    ['oauth_version', '1.0'],
  ])
  const signature = hmacSha1Signature(signatureBaseString(method, new URL(url), params), t.consumer_secret, o.secret ?? t.access_secret)
  params.set('oauth_signature', signature)
  return `OAuth realm="ADM", ${[...params].map(([k, v]) => `${k}="${oauthEncode(v)}"`).join(', ')}`
}

async function session(t: Tokens): Promise<string> {
  const res = await fetch(`${sim.url}/session`, { headers: { authorization: authorization(t, 'GET', `${sim.url}/session`) } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { auth_session_token: string }).auth_session_token
}

async function call(s: string, method: string, p: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
  const res = await fetch(`${sim.url}${p}`, {
    method,
    headers: { 'x-adm-auth-session': s, 'x-server-protocol-version': '7', 'user-agent': 'mdm-test/1', ...(body ? { 'content-type': 'application/json;charset=UTF8' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {
    /* a plain-text error code */
  }
  return { status: res.status, json, text }
}

describe('simulated ABM', () => {
  it('signs the base string as RFC 5849 does (the well-known worked example)', () => {
    const params = new Map([
      ['oauth_consumer_key', 'xvz1evFS4wEEPTGEFPHBog'],
      ['oauth_nonce', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1318622958'],
      ['oauth_token', '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb'],
      ['oauth_version', '1.0'],
    ])
    const url = new URL('https://api.twitter.com/1.1/statuses/update.json?include_entities=true&status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21')
    const base = signatureBaseString('POST', url, params)
    expect(hmacSha1Signature(base, 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw', 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE')).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=')
    // The port is part of the signed URL (Apple's service checks the URL it was addressed at).
    expect(signatureBaseString('GET', new URL('http://127.0.0.1:8443/session'), params)).toContain('http%3A%2F%2F127.0.0.1%3A8443%2Fsession')
  })

  it('issues a token file OpenSSL decrypts, BER with indefinite lengths as Apple serves it', () => {
    const p7m = sim.issueToken(certPem, { orgName: 'Org A' })
    expect(p7m).toMatch(/^Content-Type: application\/pkcs7-mime; name="smime.p7m"; smime-type=enveloped-data\r\n/)
    const der = Buffer.from(p7m.split('\r\n\r\n')[1].replace(/\s/g, ''), 'base64')
    expect(der.subarray(0, 2).toString('hex')).toBe('3080') // indefinite-length outer SEQUENCE
    const t = decryptToken(p7m)
    expect(t.consumer_key).toMatch(/^CK_/)
    expect(t.access_token_expiry).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  })

  it('refuses a bad signature, a reused nonce, a stale timestamp, an unknown key and an expired token', async () => {
    const t = decryptToken(sim.issueToken(certPem))
    const url = `${sim.url}/session`
    const get = (auth: string) => fetch(url, { headers: { authorization: auth } }).then((r) => r.status)
    expect(await get(authorization(t, 'GET', url, { secret: 'wrong' }))).toBe(401)
    expect(await get(authorization(t, 'GET', url.replace(/:\d+/, '')))).toBe(401) // signed without the port
    expect(await get(authorization(t, 'GET', url, { nonce: 'n1' }))).toBe(200)
    expect(await get(authorization(t, 'GET', url, { nonce: 'n1' }))).toBe(401)
    expect(await get(authorization(t, 'GET', url, { timestamp: Math.floor(clock.getTime() / 1000) - 3600 }))).toBe(401)
    expect(await get(authorization({ ...t, consumer_key: 'CK_unknown' }, 'GET', url))).toBe(401)
    expect(await get(authorization(t, 'GET', url).replace('HMAC-SHA1', 'PLAINTEXT'))).toBe(400)
    expect(await get('')).toBe(400)
    const expired = decryptToken(sim.issueToken(certPem, { expiresAt: new Date(clock.getTime() - 1000) }))
    expect(await get(authorization(expired, 'GET', url))).toBe(401)
  })

  it('requires the session, protocol version and user agent; answers the account; expires sessions', async () => {
    const t = decryptToken(sim.issueToken(certPem, { orgName: 'Org A', serverName: 'Fleet' }))
    const s = await session(t)
    const account = await call(s, 'GET', '/account')
    expect(account.json).toMatchObject({ org_name: 'Org A', server_name: 'Fleet' })
    const bare = await fetch(`${sim.url}/account`, { headers: { 'x-adm-auth-session': s, 'user-agent': 'x' } })
    expect(bare.status).toBe(400)
    expect((await call('nope', 'GET', '/account')).status).toBe(401)
    sim.expireSessions()
    expect((await call(s, 'GET', '/account')).status).toBe(401)
    sim.failNext('/account', 429, { retryAfter: 3 })
    const s2 = await session(t)
    const res = await fetch(`${sim.url}/account`, { headers: { 'x-adm-auth-session': s2, 'x-server-protocol-version': '7', 'user-agent': 'x' } })
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '3'])
    expect((await call(s2, 'GET', '/account')).status).toBe(200)
  })

  it('pages a fetch by cursor, then syncs added / modified / deleted ops; expired cursors answer EXPIRED_CURSOR', async () => {
    const t = decryptToken(sim.issueToken(certPem, { serverName: 'Paging' }))
    sim.addDevices([{ serial_number: 'P1' }, { serial_number: 'P2' }, { serial_number: 'P3', model: 'iPhone 16' }], { serverName: 'Paging' })
    const s = await session(t)
    const first = await call(s, 'POST', '/server/devices', { limit: 100 })
    expect(first.json.devices.map((d: any) => d.serial_number)).toEqual(['P1', 'P2']) // pageSize 2
    expect(first.json.more_to_follow).toBe(true)
    const second = await call(s, 'POST', '/server/devices', { cursor: first.json.cursor, limit: 100 })
    expect(second.json.devices.map((d: any) => d.serial_number)).toEqual(['P3'])
    expect(second.json).toMatchObject({ more_to_follow: false })
    expect(second.json.devices[0]).toMatchObject({ model: 'iPhone 16', profile_status: 'empty', device_family: 'iPhone', os: 'iOS' })
    expect((await call(s, 'POST', '/server/devices', { cursor: second.json.cursor })).text).toBe('EXHAUSTED_CURSOR')

    sim.addDevices([{ serial_number: 'P4' }], { serverName: 'Paging' })
    sim.modifyDevice('P1', { color: 'RED' })
    sim.removeDevice('P2')
    const sync = await call(s, 'POST', '/devices/sync', { cursor: second.json.cursor })
    expect(sync.json.devices.map((d: any) => [d.serial_number, d.op_type])).toEqual([['P4', 'added'], ['P1', 'modified']])
    const rest = await call(s, 'POST', '/devices/sync', { cursor: sync.json.cursor })
    expect(rest.json.devices.map((d: any) => [d.serial_number, d.op_type])).toEqual([['P2', 'deleted']])
    expect((await call(s, 'POST', '/devices/sync', { cursor: 'ABCDEF' })).text).toBe('INVALID_CURSOR')
    expect((await call(s, 'POST', '/devices/sync', {})).status).toBe(400)
    sim.expireCursors()
    const expired = await call(s, 'POST', '/devices/sync', { cursor: rest.json.cursor })
    expect([expired.status, expired.text]).toEqual([400, 'EXPIRED_CURSOR'])
    clock = new Date(clock.getTime() + 1000)
    // Another server's token sees none of these devices.
    const other = await session(decryptToken(sim.issueToken(certPem, { serverName: 'Other' })))
    expect((await call(other, 'POST', '/server/devices', {})).json.devices).toEqual([])
  })

  it('defines, reads and assigns profiles, and disowns, with per-serial answers', async () => {
    const t = decryptToken(sim.issueToken(certPem, { serverName: 'Profiles' }))
    sim.addDevices([{ serial_number: 'Q1' }, { serial_number: 'Q2' }, { serial_number: 'Q3' }], { serverName: 'Profiles' })
    sim.failingSerials.add('Q3')
    const s = await session(t)
    expect((await call(s, 'POST', '/profile', { url: 'https://mdm.example/enroll' })).text).toBe('CONFIG_NAME_REQUIRED')
    expect((await call(s, 'POST', '/profile', { profile_name: 'x', is_supervised: 'true' })).text).toBe('FLAG_INVALID')
    const defined = await call(s, 'POST', '/profile', { profile_name: 'Rental', url: 'https://mdm.example/enroll', is_supervised: true, is_mdm_removable: false, devices: ['Q1'] })
    const uuid = defined.json.profile_uuid as string
    expect(defined.json.devices).toEqual({ Q1: 'SUCCESS' })
    expect((await call(s, 'GET', `/profile?profile_uuid=${uuid}`)).json).toMatchObject({ profile_name: 'Rental', is_supervised: true, profile_uuid: uuid })
    const assigned = await call(s, 'PUT', '/profile/devices', { profile_uuid: uuid, devices: ['Q2', 'Q3', 'NOPE'] })
    expect(assigned.json.devices).toEqual({ Q2: 'SUCCESS', Q3: 'FAILED', NOPE: 'NOT_ACCESSIBLE' })
    expect(sim.assignments.get('Q2')).toBe(uuid)
    expect((await call(s, 'POST', '/devices', { devices: ['Q2'] })).json.devices.Q2).toMatchObject({ profile_status: 'assigned', profile_uuid: uuid, response_status: 'SUCCESS' })
    expect((await call(s, 'PUT', '/profile/devices', { profile_uuid: 'FFFF', devices: ['Q2'] })).text).toBe('PROFILE_NOT_FOUND')
    const disown = await call(s, 'POST', '/devices/disown', { devices: ['Q1', 'Q3', 'NOPE'] })
    expect(disown.json.devices).toEqual({ Q1: 'SUCCESS', Q3: 'FAILED', NOPE: 'NOT_ACCESSIBLE' })
    expect(sim.disowned.has('Q1')).toBe(true)
    expect(sim.requests.at(-1)).toMatchObject({ method: 'POST', path: '/devices/disown', status: 200, body: { devices: ['Q1', 'Q3', 'NOPE'] } })
  })
})
