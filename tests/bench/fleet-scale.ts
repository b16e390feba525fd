/**
 * Fleet-wide commands at scale (issue #44), on PostgreSQL, the server in a process of its own:
 * 1. 10,000 Huawei devices locked in one request (POST /device/fleet/command over HTTP): the answer's time is the
 *    time to queue them all (the devices, their tasks and the batch's links in one statement).
 * 2. 10,000 iPhones of one batch (open pay mode, one request) woken by FleetService.wakeBatch over http2Apns against
 *    a local HTTP/2 fake APNs (TLS, one connection): pushes per second, and the heap and RSS it took.
 * Run alone: `tsx tests/bench/fleet-scale.ts [count]`; `npm run bench` runs it as `fleet`.
 */
import http2 from 'node:http2'
import forge from 'node-forge'
import { sql } from 'drizzle-orm'
import { apiBases } from '../../src/shared/contract/endpoint'
import { fleetEndpoints } from '../../src/shared/contract/fleet'
import { openDatabase } from '../../src/server/db/client'
import { seedDemo } from '../../src/server/demo/seed'
import { FleetService } from '../../src/server/modules/fleet/service'
import { http2Apns } from '../../src/server/protocol/apple/apns'
import { spawnServer, startPostgres, type BenchResult, type Figure } from './lib'

/** A self-signed certificate and key (PEM); the fake APNs's names 127.0.0.1, the client's carries a push topic. */
function selfSigned(subject: forge.pki.CertificateField[], server = false) {
  const keys = forge.pki.rsa.generateKeyPair(2048)
  const cert = forge.pki.createCertificate()
  cert.publicKey = keys.publicKey
  cert.serialNumber = '0b'
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + 86400_000)
  cert.setSubject(subject)
  cert.setIssuer(subject)
  if (server) cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }])
  cert.sign(keys.privateKey, forge.md.sha256.create())
  return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) }
}

export async function login(base: string): Promise<string> {
  const captcha = await (await fetch(`${base}${apiBases.main}/captcha`)).json()
  const res = await fetch(`${base}${apiBases.main}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@2026', captcha: 'test', captchaId: captcha.data.id }),
  })
  return (await res.json()).data.token
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

export async function fleetScale(count = 10_000): Promise<BenchResult> {
  const started = performance.now()
  const pg = startPostgres(55435)
  const figures: Figure[] = []
  try {
    const database = await openDatabase(pg.url)
    const db = database.db
    const demo = await seedDemo(db)
    await db.execute(sql`
      insert into devices (company_id, platform, serial_number, credential_hash, enrolled_at, last_communication_time)
      select ${demo.bossCompanyId}, 'HUAWEI', 'FLEETHW' || lpad(g::text, 6, '0'), encode(sha256(('fleet-credential-' || g)::bytea), 'hex'), now(), now()
      from generate_series(1, ${count}) as g`)
    await db.execute(sql`
      insert into devices (company_id, platform, serial_number, enrolled_at, last_communication_time)
      select ${demo.bossCompanyId}, 'IOS', 'FLEETIPH' || lpad(g::text, 6, '0'), now(), now() from generate_series(1, ${count}) as g`)
    await db.execute(sql`
      insert into apple_enrollments (device_id, company_id, udid, identity_fingerprint, topic, push_token, push_magic)
      select id, company_id, 'UDID-' || serial_number, 'fp-' || serial_number, '', encode(sha256(serial_number::bytea), 'hex'), 'magic-' || id
      from devices where serial_number like 'FLEETIPH%'`)
    await db.execute(sql`analyze`)

    const server = await spawnServer(pg.url)
    let iphoneBatch = ''
    try {
      const token = await login(server.url)
      const post = async (endpoint: { base: keyof typeof apiBases; path: string }, json: unknown) => {
        const t = performance.now()
        const res = await fetch(`${server.url}${apiBases[endpoint.base]}${endpoint.path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(json) })
        const body = (await res.json()) as { code: number; msg: string; data: { batchId: string; total: number } }
        if (body.code !== 200) throw new Error(`fleet command refused: ${body.msg}`)
        return { ms: performance.now() - t, ...body.data }
      }
      // Warm-up: one small batch first, as the other benches warm their server before measuring (statements planned).
      await post(fleetEndpoints.HUAWEI.command, { filters: { serialNumber: 'FLEETHW000001' }, command: 'unlockScreen', expected: 1 })
      const lock = await post(fleetEndpoints.HUAWEI.command, { filters: { serialNumber: 'FLEETHW' }, command: 'lockScreen', expected: count })
      const queued = ((await db.execute(sql`select count(*)::int as n from tasks where type = 'lockScreen' and status = 'QUEUED'`)) as unknown as { rows: { n: number }[] }).rows[0].n
      figures.push({ figure: `${count.toLocaleString('en')} Huawei devices locked in one request (POST fleet/command, answer received; ${queued.toLocaleString('en')} tasks queued)`, target: '< 1 s', measured: `${(lock.ms / 1000).toFixed(2)} s`, value: lock.ms, pass: lock.ms < 1000 && queued === count })
      const pay = await post(fleetEndpoints.IOS.command, { filters: { serialNumber: 'FLEETIPH' }, command: 'openPayMode', expected: count, message: '请联系门店', phoneNumber: '13800138000' })
      figures.push({ figure: `${count.toLocaleString('en')} iPhones: open pay mode in one request (queued)`, target: '< 1 s', measured: `${(pay.ms / 1000).toFixed(2)} s`, value: pay.ms, pass: pay.ms < 1000 })
      iphoneBatch = pay.batchId
    } finally {
      await server.stop()
    }

    // The batch's pushes through the HTTP/2 client the server uses, against a local fake APNs answering 200.
    const topic = 'com.apple.mgmt.External.fleet-bench'
    const client = selfSigned([{ type: '0.9.2342.19200300.100.1.1', value: topic }, { name: 'commonName', value: 'APSP:bench' }])
    const tls = selfSigned([{ name: 'commonName', value: '127.0.0.1' }], true)
    let received = 0
    const apnsServer = http2.createSecureServer({ cert: tls.cert, key: tls.key, requestCert: true, rejectUnauthorized: false })
    apnsServer.on('stream', (stream) => {
      stream.resume()
      stream.on('end', () => {
        received++
        stream.respond({ ':status': 200 })
        stream.end()
      })
    })
    await new Promise<void>((resolve) => apnsServer.listen(0, '127.0.0.1', resolve))
    const port = (apnsServer.address() as { port: number }).port
    const apns = http2Apns({ url: `https://127.0.0.1:${port}`, cert: client.cert, key: client.key, ca: tls.cert, log: () => undefined })
    const fleet = new FleetService({
      db,
      lists: {} as never,
      wake: async (e) => {
        const outcome = await apns.push({ token: e.pushToken!, pushMagic: e.pushMagic!, topic: e.topic })
        if (outcome !== 'sent') throw new Error(outcome)
      },
    })
    global.gc?.()
    const before = process.memoryUsage()
    let peakHeap = before.heapUsed
    let peakRss = before.rss
    const sampler = setInterval(() => {
      const m = process.memoryUsage()
      peakHeap = Math.max(peakHeap, m.heapUsed)
      peakRss = Math.max(peakRss, m.rss)
    }, 20)
    const t = performance.now()
    const pushed = await fleet.wakeBatch(iphoneBatch)
    const seconds = (performance.now() - t) / 1000
    clearInterval(sampler)
    apns.close()
    apnsServer.close()
    const rate = received / seconds
    figures.push({ figure: `${pushed.toLocaleString('en')} iPhones of one batch pushed (FleetService.wakeBatch → http2Apns → local HTTP/2 fake APNs over TLS; ${received.toLocaleString('en')} answered 200 in ${seconds.toFixed(2)} s)`, target: '≥ 2,000 pushes/s', measured: `${Math.round(rate).toLocaleString('en')} pushes/s`, value: rate, pass: rate >= 2000 && received === count })
    const heapGrowth = peakHeap - before.heapUsed
    figures.push({ figure: `memory while pushing them (peak over the start: heap, RSS; the batch's rows are read at once, ${WAKE_NOTE})`, target: 'bounded (heap growth < 64 MB)', measured: `heap +${mb(heapGrowth)} · RSS +${mb(peakRss - before.rss)}`, value: heapGrowth, pass: heapGrowth < 64 * 1024 * 1024 })
    await database.close()
  } finally {
    pg.stop()
  }
  return { name: 'fleet', title: 'Fleet-wide commands at scale (PostgreSQL)', figures, seconds: (performance.now() - started) / 1000 }
}

const WAKE_NOTE = '200 pushes under way at once'

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const result = await fleetScale(Number(process.argv[2] ?? 10_000))
  for (const f of result.figures) console.log(`${f.pass === false ? '✗' : '·'} ${f.figure}: ${f.measured} (target ${f.target})`)
  process.exit(0)
}
