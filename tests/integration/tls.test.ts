import { X509Certificate } from 'node:crypto'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, type Http2SecureServer } from 'node:http2'
import { request } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { connect as tlsConnect, type Server as TlsServer } from 'node:tls'
import { serve } from '@hono/node-server'
import { and, eq, gt, isNotNull } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'
import { devices } from '../../src/server/db/schema'
import { startDemoAgents } from '../../src/server/demo/agents'
import { demoIphones, startDemoIphones } from '../../src/server/demo/iphones'
import { seedDemoDevices } from '../../src/server/demo/seed-devices'
import { boundSecureConnections, pinnedFetch, readTlsCredentials, reloadTlsCredentials, secureServerOptions } from '../../src/server/http/tls'
import { signInOver } from '../fixtures/sign-in'
import { OTHER_TLS, TEST_TLS } from '../fixtures/tls'
import { harnessForFile } from './harness'

const files = TEST_TLS
const tls = readTlsCredentials(files)
const otherCert = readFileSync(OTHER_TLS.certFile)

const h = harnessForFile()
let cleanup: (() => Promise<void>) | null = null
afterEach(async () => {
  await cleanup?.()
  cleanup = null
  vi.restoreAllMocks()
})

async function secureServer(credentials = tls) {
  const server = serve({ fetch: createApp(h.services).fetch, port: 0, hostname: '127.0.0.1', ...secureServerOptions(credentials) })
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  cleanup = close
  return { url, server }
}

const CONFIG_PATH = '/mdm/api/v1/app/config'

describe('the server speaking TLS (MDM_TLS_CERT_FILE / MDM_TLS_KEY_FILE)', () => {
  it('answers a browser over HTTP/2 and an agent over HTTP/1.1, on one port', async () => {
    const { url } = await secureServer()
    // HTTP/2, as a browser negotiates it (ALPN h2).
    const session = connect(url, { ca: tls.cert, servername: 'localhost' })
    try {
      const h2 = await new Promise<{ status: number; body: string; alpn: string | false | undefined }>((resolve, reject) => {
        const stream = session.request({ ':path': CONFIG_PATH })
        let status = 0
        let body = ''
        stream.on('response', (headers) => (status = Number(headers[':status'])))
        stream.setEncoding('utf8')
        stream.on('data', (c: string) => (body += c))
        stream.on('end', () => resolve({ status, body, alpn: session.alpnProtocol }))
        stream.on('error', reject)
      })
      expect(h2.alpn).toBe('h2')
      expect(h2.status).toBe(200)
      expect(JSON.parse(h2.body).code).toBe(200)
    } finally {
      session.close()
    }
    // HTTP/1.1 over TLS, from a client that offers no ALPN (Node's https, as the agents' HTTP client does).
    const h1 = await new Promise<{ status: number; alpn: string | false | null; body: string }>((resolve, reject) => {
      const req = request(`${url}${CONFIG_PATH}`, { ca: tls.cert, servername: 'localhost', agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, alpn: (res.socket as import('node:tls').TLSSocket).alpnProtocol, body }))
      })
      req.on('error', reject)
      req.end()
    })
    expect(h1.alpn).toBe(false)
    expect(h1.status).toBe(200)
    expect(JSON.parse(h1.body).code).toBe(200)
  })

  it('the demo devices reach it over HTTPS: iPhones enroll, agents enroll and poll', async () => {
    await seedDemoDevices(h.database.db, h.demo)
    const { url } = await secureServer()
    const started = new Date()
    const fetch = pinnedFetch(tls.cert)
    const phones = await startDemoIphones(h.services, url, fetch)
    const agents = await startDemoAgents(h.services, url, fetch)
    const closeServer = cleanup!
    cleanup = async () => {
      phones.stop()
      await agents.stop()
      await closeServer()
    }
    expect(phones.phones.map((p) => p.state.enrolled)).toEqual(demoIphones.filter((d) => d.show !== 'notEnrolled').map(() => true))
    // Every agent has enrolled (a credential) and polled since the start.
    const heard = async () =>
      (await h.database.db.select({ id: devices.id }).from(devices).where(and(isNotNull(devices.credentialHash), gt(devices.lastCommunicationTime, started), eq(devices.platform, 'HUAWEI')))).length
    expect(agents.agents.length).toBeGreaterThan(0)
    await expect.poll(heard, { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(agents.agents.filter((a) => a.options.platform === 'HUAWEI').length)
  })

  it('the demo devices trust exactly the server’s certificate, not another one for the same name', async () => {
    const { url } = await secureServer()
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }
    // Refused by the certificate check (the server's own certificate is not the one pinned), not by anything else.
    await expect(pinnedFetch(otherCert)(`${url}/agent/v1/poll`, init)).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })
    expect((await pinnedFetch(tls.cert)(`${url}/agent/v1/poll`, init)).status).toBe(401)
  })

  it('serves a certificate renewed in place to new connections, and keeps its own when the new pair does not load', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mdm-tls-'))
    const inPlace = { certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem') }
    copyFileSync(files.certFile, inPlace.certFile)
    copyFileSync(files.keyFile, inPlace.keyFile)
    const { url, server } = await secureServer(readTlsCredentials(inPlace))
    const logged: string[] = []
    const renewals = reloadTlsCredentials(server as unknown as TlsServer, readTlsCredentials(inPlace), (line) => logged.push(line))
    const closeServer = cleanup!
    cleanup = async () => {
      renewals.stop()
      await closeServer()
      rmSync(dir, { recursive: true, force: true })
    }
    const port = Number(new URL(url).port)
    const presented = () =>
      new Promise<string>((resolve, reject) => {
        const socket = tlsConnect({ port, host: '127.0.0.1', servername: 'localhost', rejectUnauthorized: false, ALPNProtocols: ['h2'] }, () => {
          resolve(socket.getPeerX509Certificate()!.fingerprint256)
          socket.end()
        })
        socket.on('error', reject)
      })
    const fingerprint = (pem: Buffer) => new X509Certificate(pem).fingerprint256
    expect(await presented()).toBe(fingerprint(tls.cert))
    // The demo devices' fetch asks for the pair in service at each request.
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }
    const following = pinnedFetch(() => renewals.current().cert)
    expect((await following(`${url}/agent/v1/poll`, init)).status).toBe(401)
    // Unchanged files: nothing to do.
    expect(renewals.reload()).toBe(false)
    // A renewal that is half written (the new certificate, the old key): refused, the old pair stays in service.
    copyFileSync(OTHER_TLS.certFile, inPlace.certFile)
    expect(renewals.reload()).toBe(false)
    expect(logged.at(-1)).toMatch(/^TLS 证书 .*cert\.pem 未能重新载入，继续使用原证书：/)
    expect(await presented()).toBe(fingerprint(tls.cert))
    // The whole renewal: new connections get it.
    writeFileSync(inPlace.keyFile, readFileSync(OTHER_TLS.keyFile))
    expect(renewals.reload()).toBe(true)
    expect(logged.at(-1)).toBe(`已启用续期后的 TLS 证书 ${inPlace.certFile}（新连接生效）`)
    expect(await presented()).toBe(fingerprint(otherCert))
    expect((await following(`${url}/agent/v1/poll`, init)).status).toBe(401)
    await expect(pinnedFetch(tls.cert)(`${url}/agent/v1/poll`, init)).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })
  })

  it('started with the certificate: its demo devices poll over HTTPS, and it stops though a browser keeps a session open', { timeout: 90_000 }, async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const started = Date.now()
    const running = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: true, tls: files }))
    let stopped = false
    cleanup = async () => {
      if (!stopped) await running.stop()
    }
    expect(running.url).toMatch(/^https:\/\/localhost:\d+$/)
    const ask = pinnedFetch(tls.cert)
    const token = await signInOver(ask, running.url, 'demo')
    // A demo agent has been heard from since the start: it enrolled and polls over HTTPS.
    const heardSinceStart = async () => {
      const res = await ask(`${running.url}/huawei/mdm/api/v1/device/search?current=1&pageSize=50&recycleStatus=false`, { method: 'GET', headers: { authorization: `Bearer ${token}` }, body: '' })
      const records = (await res.json()).data.records as { lastCommunicationTime: string | null }[]
      return records.filter((r) => r.lastCommunicationTime && Date.parse(r.lastCommunicationTime) > started).length
    }
    await expect.poll(heardSinceStart, { timeout: 20_000, interval: 500 }).toBeGreaterThan(0)
    // A browser's HTTP/2 session, left open and idle.
    const session = connect(running.url, { ca: tls.cert })
    await new Promise<void>((resolve, reject) => {
      const stream = session.request({ ':path': CONFIG_PATH })
      stream.on('error', reject)
      stream.resume()
      stream.on('end', () => resolve())
    })
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('stop() still waiting after 10 s')), 10_000))
    await Promise.race([running.stop(), timeout])
    stopped = true
    session.destroy()
  })

  it('closes a connection left idle, over HTTP/2 and over HTTP/1.1', async () => {
    const { url, server } = await secureServer()
    boundSecureConnections(server as unknown as Http2SecureServer, 300)
    const port = Number(new URL(url).port)
    const closedAfter = (alpn: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = tlsConnect({ port, host: '127.0.0.1', servername: 'localhost', ca: tls.cert, ALPNProtocols: [alpn] }, () => {
          const opened = Date.now()
          socket.once('close', () => resolve(Date.now() - opened))
        })
        socket.on('error', reject)
        socket.resume()
        setTimeout(() => reject(new Error(`${alpn} connection still open after 5 s`)), 5000).unref()
      })
    expect(await closedAfter('h2')).toBeLessThan(5000)
    expect(await closedAfter('http/1.1')).toBeLessThan(5000)
  })

  it('a certificate file that cannot be read, or a key that does not match, stops the start with the files to check', () => {
    expect(() => readTlsCredentials({ certFile: '/nonexistent/cert.pem', keyFile: files.keyFile })).toThrow(
      '无法读取 TLS 证书或私钥文件 /nonexistent/cert.pem（ENOENT）：请检查 MDM_TLS_CERT_FILE / MDM_TLS_KEY_FILE 的路径和权限',
    )
    // A key that is not the certificate's.
    const otherKey = OTHER_TLS.keyFile
    expect(() => readTlsCredentials({ certFile: files.certFile, keyFile: otherKey })).toThrow(`TLS 证书 ${files.certFile} 与私钥 ${otherKey} 无法使用（格式无效或二者不匹配）：`)
  })
})
