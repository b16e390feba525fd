import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'
import { connect, createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import forge from 'node-forge'
import { build as buildPlist } from 'plist'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, createServices } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import { SimulatedIphone } from '../../src/sim/iphone'
import { harnessForFile } from './harness'
import { deviceOf, setIosQuota } from './apple-helpers'

/**
 * Issue #44: the nginx site of docs/deploy, run by Debian's nginx (unprivileged: a temporary prefix, high ports, a
 * throw-away certificate) in front of the server; a console sign-in and an Apple enrollment go through it, with the
 * phone's identity as its Mdm-Signature and as a TLS client certificate the front forwards.
 */
const NGINX = '/usr/sbin/nginx'
const SITE = readFileSync(new URL('../../docs/deploy/mdm.nginx.conf', import.meta.url), 'utf8')
const h = harnessForFile()
let dir = ''
let ca = ''

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })
}

async function listening(port: number, nginx: ChildProcess, log: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${existsSync(log) ? readFileSync(log, 'utf8') : ''}`)
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true))).on('error', () => resolve(false))
    })
    if (up) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('nginx did not listen')
}

/** The committed site with this test's ports, certificate and server; the signature mode asks for no client certificate. */
function siteFor(ports: { http: number; https: number; app: number }, clientCert: boolean): string {
  let site = SITE.replace('server 127.0.0.1:8080;', `server 127.0.0.1:${ports.app};`)
    .replace(/^\s*listen \[::\].*\n/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace('/etc/ssl/mdm/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/ssl/mdm/privkey.pem', path.join(dir, 'key.pem'))
    .replaceAll('mdm.example.com', 'localhost')
  if (!clientCert) site = site.replace(/^\s*ssl_verify_client .*\n/m, '')
  for (const expected of [`127.0.0.1:${ports.app}`, `127.0.0.1:${ports.https} ssl http2`, 'cert.pem', 'key.pem']) expect(site).toContain(expected)
  return site
}

async function startNginx(prefix: string, site: string, httpsPort: number): Promise<ChildProcess> {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${prefix}/${t};`).join(' ')
  writeFileSync(path.join(prefix, 'site.conf'), site)
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `pid ${prefix}/nginx.pid; error_log ${prefix}/error.log; worker_processes 1; events {}\nhttp { access_log off; ${temp} include ${prefix}/site.conf; }\n`,
  )
  const nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' })
  await listening(httpsPort, nginx, path.join(prefix, 'error.log'))
  return nginx
}

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** An HTTP/1.1 request over TLS to the front, trusting the throw-away certificate; with a client certificate if given. */
function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string; cert?: string; key?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const client = target.protocol === 'https:' ? https : http
    const req = client.request(target, { method: init.method ?? 'GET', headers: init.headers, ca, cert: init.cert, key: init.key, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mdm-nginx-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' })
  ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.runIf(existsSync(NGINX) || process.env.CI)('the nginx front of docs/deploy', { timeout: 60_000 }, () => {
  for (const mode of ['signature', 'client-cert'] as const) {
    it(`serves the console and enrolls an iPhone over TLS (MDM_APPLE_IDENTITY=${mode})`, async () => {
      const ports = { http: await freePort(), https: await freePort(), app: 0 }
      const front = `https://localhost:${ports.https}`
      const base = testConfig()
      const config = { ...base, trustProxy: true, appleRequireHttps: true, apple: { ...base.apple, publicUrl: front, identitySource: mode } }
      const app = createApp(createServices(config, h.database.db))
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
      })
      ports.app = (server.address() as AddressInfo).port
      const prefix = mkdtempSync(path.join(dir, `${mode}-`))
      const nginx = await startNginx(prefix, siteFor(ports, mode === 'client-cert'), ports.https)
      try {
        // Plain HTTP is sent to HTTPS.
        const plain = await request(`http://localhost:${ports.http}/login?from=x`)
        expect(plain.status).toBe(301)
        expect(plain.headers.location).toBe('https://localhost/login?from=x')

        // HTTP/2 with one HSTS header, this front's.
        const session = http2.connect(front, { ca })
        const h2 = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
          const stream = session.request({ ':path': '/healthz' })
          stream.on('response', (headers) => (stream.resume(), stream.on('end', () => resolve(headers))))
          stream.on('error', reject)
        })
        session.close()
        expect(h2[':status']).toBe(200)
        expect(h2['strict-transport-security']).toBe('max-age=63072000; includeSubDomains')

        // A console sign-in; the server's request id is the front's ($request_id, 32 hex digits).
        const captcha = await request(`${front}/mdm/api/v1/captcha`)
        expect(captcha.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
        const login = await request(`${front}/mdm/api/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo', password: 'Demo@2026', captcha: 'test', captchaId: JSON.parse(captcha.body).data.id }),
        })
        const token = JSON.parse(login.body).data?.token as string
        expect(token, login.body).toBeTruthy()

        // An iPhone enrolls with the profile downloaded through the front, which names the front as its server.
        await setIosQuota(h, h.demo.bossCompanyId, 5)
        const profile = await request(`${front}/mdm/api/v1/myDevice/enrollmentProfile`, { headers: { authorization: `Bearer ${token}` } })
        expect(profile.status).toBe(200)
        expect(profile.body).toContain(`${front}/mdm/apple/checkin`)
        const serialNumber = mode === 'signature' ? 'NGINXSIG0001' : 'NGINXCRT0001'
        let phone: SimulatedIphone | undefined = undefined
        const tlsIdentity = () => ({ cert: forge.pki.certificateToPem(phone!.identity.certificate), key: forge.pki.privateKeyToPem(phone!.identity.key as forge.pki.rsa.PrivateKey) })
        phone = new SimulatedIphone({
          profile: profile.body,
          serialNumber,
          fetch: async (url, init) => {
            const headers = { ...init.headers }
            // In client-cert mode the phone proves who it is by its TLS client certificate alone, as a real one does.
            if (mode === 'client-cert') delete headers['mdm-signature']
            const answer = await request(url, { ...init, headers, ...(mode === 'client-cert' ? tlsIdentity() : {}) })
            return new Response(answer.status === 200 && answer.body === '' ? null : answer.body, { status: answer.status })
          },
        })
        await phone.enroll()
        const enrolled = await deviceOf(h, phone)
        expect(enrolled?.device.serialNumber).toBe(serialNumber)
        expect(phone.log.map((l) => `${l.requestType}:${l.status}`)).toContain('DeviceInformation:Acknowledged')

        if (mode === 'client-cert') {
          // A client that sends the header itself, without the certificate, is no one: the front replaces the header.
          const forged = await request(`${front}/mdm/apple/checkin`, {
            method: 'PUT',
            headers: { 'content-type': 'application/x-apple-aspen-mdm-checkin', 'x-ssl-client-cert': encodeURIComponent(tlsIdentity().cert) },
            body: buildPlist({ MessageType: 'Authenticate', UDID: phone.udid, Topic: 'x', SerialNumber: serialNumber }),
          })
          expect(forged.status).toBe(401)
        }
      } finally {
        nginx.kill('SIGQUIT')
        await new Promise((resolve) => (nginx.exitCode !== null ? resolve(null) : nginx.once('exit', resolve)))
        await new Promise((resolve) => server.close(resolve))
      }
    })
  }
})
