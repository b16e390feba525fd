import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { parse } from 'plist'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { pinnedFetch, readTlsCredentials, secureServerOptions, type SimpleFetch } from '../../src/server/http/tls'
import type { IphoneFetch } from '../../src/sim/iphone'
import { TEST_TLS } from '../fixtures/tls'
import { deviceOf, iphone, queue, setIosQuota } from './apple-helpers'
import { harnessForFile } from './harness'

/**
 * Issue 41 item 9 (docs/security-devices.md): a captured signed Idle was replayed and handed out DeviceLock and
 * ClearPasscode with the UnlockToken. Apple's messages carry no time or nonce, so only TLS keeps them from being
 * captured: outside tests and the demo the check-in and command endpoints refuse plain HTTP, and a command carrying
 * the UnlockToken carries it once.
 */
const h = harnessForFile({ appleRequireHttps: true })
const tls = readTlsCredentials(TEST_TLS)

let closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.map((close) => close()))
  closers = []
})

/** The app on a real socket: over TLS (as behind MDM_TLS_CERT_FILE) or plain HTTP. */
async function listen(secure: boolean): Promise<string> {
  const server = serve({ fetch: createApp(h.services).fetch, port: 0, hostname: '127.0.0.1', ...(secure ? secureServerOptions(tls) : {}) })
  await new Promise((resolve) => server.once('listening', resolve))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `${secure ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A phone's HTTP client that keeps every request it sends, so that the test can send them again. */
function recording(fetch: SimpleFetch) {
  const sent: { path: string; init: Parameters<IphoneFetch>[1] }[] = []
  const recorder: IphoneFetch = (input, init) => {
    sent.push({ path: new URL(input).pathname, init: { ...init, headers: { ...init.headers } } })
    return fetch(input, init)
  }
  return { sent, recorder }
}

let boss: string
let https: string
let plain: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 5)
  https = await listen(true)
  plain = await listen(false)
})

async function enrolledOverTls() {
  const { sent, recorder } = recording(pinnedFetch(tls.cert))
  const phone = await iphone(h, boss, { fetch: recorder, rewriteUrl: (url) => url.replace(/^https?:\/\/[^/]+/, https) })
  await phone.enroll()
  return { phone, sent, deviceId: (await deviceOf(h, phone)).device.id }
}

describe('the check-in and command endpoints refuse plain HTTP (MDM_APPLE_REQUIRE_HTTPS, on in production)', () => {
  it('a replayed signed Idle over plain HTTP hands out nothing; over TLS the phone is served', async () => {
    const { phone, sent, deviceId } = await enrolledOverTls()
    const idle = sent.find((r) => r.path === '/mdm/apple/server' && r.init.body.includes('<string>Idle</string>'))!
    expect(idle).toBeDefined()
    await queue(h, boss, 'oneClickLockDown', deviceId)

    const replayed = await fetch(`${plain}${idle.path}`, idle.init)
    expect(replayed.status).toBe(403)
    expect(await replayed.json()).toEqual({ code: 403, msg: 'Apple 设备的签到和指令只接受 HTTPS 连接', data: null })
    // Nor with an absolute https:// URL in the request line, nor with X-Forwarded-Proto while no proxy is trusted.
    expect(await rawRequest(plain, `PUT https://127.0.0.1${idle.path} HTTP/1.1`, idle.init)).toMatch(/^HTTP\/1\.1 403/)
    expect((await fetch(`${plain}${idle.path}`, { ...idle.init, headers: { ...idle.init.headers, 'x-forwarded-proto': 'https' } })).status).toBe(403)
    // A phone whose profile names plain HTTP cannot even enroll.
    const overHttp = await iphone(h, boss, { fetch: (input, init) => fetch(input, init), rewriteUrl: (url) => url.replace(/^https?:\/\/[^/]+/, plain) })
    expect((await overHttp.send('CheckInURL', overHttp.authenticateMessage())).status).toBe(403)

    // The lock is still queued for the phone, which takes it over TLS.
    expect(await phone.checkIn()).toBe(1)
    expect(phone.state.locked).toBe(true)
  })

  it('behind a trusted TLS terminator (MDM_TRUST_PROXY), its X-Forwarded-Proto: https is TLS', async () => {
    const { sent } = await enrolledOverTls()
    const idle = sent.find((r) => r.path === '/mdm/apple/server')!
    h.services.config.trustProxy = true
    try {
      const proxied = (proto: string) => fetch(`${plain}${idle.path}`, { ...idle.init, headers: { ...idle.init.headers, 'x-forwarded-proto': proto } })
      expect((await proxied('https')).status).toBe(200)
      expect((await proxied('http')).status).toBe(403)
    } finally {
      h.services.config.trustProxy = false
    }
  })

  it('is on in production, off in tests and the demo; production cannot turn it off', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).appleRequireHttps).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).appleRequireHttps).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development', MDM_DEMO: 'on' }).appleRequireHttps).toBe(false)
    expect(() => loadConfig({ NODE_ENV: 'production', MDM_APPLE_REQUIRE_HTTPS: 'off' })).toThrow(/MDM_APPLE_REQUIRE_HTTPS/)
  })
})

describe('a command carrying the UnlockToken', () => {
  it('carries it once: delivered again (a replayed NotNow and Idle), ClearPasscode goes without it', async () => {
    const { phone, sent, deviceId } = await enrolledOverTls()
    const queued = await queue(h, boss, 'clearPasscode', deviceId)
    expect(queued.body.code).toBe(200)
    const taskId = queued.body.data.taskId as string

    // The phone's Idle fetches ClearPasscode with the token; it answers NotNow (as a phone busy with a passcode prompt).
    const idle = sent.find((r) => r.path === '/mdm/apple/server' && r.init.body.includes('<string>Idle</string>'))!
    const first = await commandOf(await pinnedFetch(tls.cert)(`${https}${idle.path}`, idle.init))
    expect(first).toMatchObject({ CommandUUID: taskId, Command: { RequestType: 'ClearPasscode' } })
    expect(Buffer.from(first.Command.UnlockToken as Uint8Array).toString()).toBe(`unlock-${phone.udid}`)
    expect((await phone.send('ServerURL', { Status: 'NotNow', UDID: phone.udid, CommandUUID: taskId })).status).toBe(200)

    // Fetched again (the replayed Idle): the same command, without the token.
    const again = await commandOf(await pinnedFetch(tls.cert)(`${https}${idle.path}`, idle.init))
    expect(again).toMatchObject({ CommandUUID: taskId, Command: { RequestType: 'ClearPasscode' } })
    expect(again.Command).not.toHaveProperty('UnlockToken')
  })
})

async function commandOf(res: Response): Promise<{ CommandUUID: string; Command: Record<string, unknown> }> {
  expect(res.status).toBe(200)
  return parse(await res.text()) as unknown as { CommandUUID: string; Command: Record<string, unknown> }
}

/** One request written by hand on a socket, for a request line no HTTP client writes (an absolute URL). */
async function rawRequest(base: string, requestLine: string, init: Parameters<IphoneFetch>[1]): Promise<string> {
  const { connect } = await import('node:net')
  const url = new URL(base)
  const body = Buffer.from(init.body)
  const head = [requestLine, `Host: ${url.host}`, ...Object.entries(init.headers).map(([k, v]) => `${k}: ${v}`), `Content-Length: ${body.length}`, 'Connection: close', '', ''].join('\r\n')
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(Buffer.concat([Buffer.from(head), body])))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}
