/**
 * Micro-bench of issue #44: the server's CPU per idle Apple check-in (Status Idle, nothing queued) and the statements
 * it runs. One enrolled iPhone of the demo tenant; its signed Idle message is made once and sent `count` times in a row
 * through the app's own handler (Apple's messages carry no nonce), so what is
 * measured is the server's work: identity check, plist, SQL, on the database of DATABASE_URL (unset: in-memory PGlite).
 * `tsx tests/bench/apple-idle.ts [count]`.
 */
import { build } from 'plist'
import { createHarness } from '../integration/harness'
import { enrolledIphone, identityFingerprint } from '../integration/apple-helpers'
import { setQuota } from '../integration/org-builders'
import forge from 'node-forge'
import { testConfig } from '../../src/server/config'
import { embeddedClient } from '../../src/server/db/client'

const count = Number(process.argv[2] ?? 2000)
// As the queue bench and a production front run it (MDM_APPLE_IDENTITY=client-cert): the identity a forwarded client
// certificate, not an Mdm-Signature verified in JavaScript (~11 ms of CPU per message here).
const CLIENT_CERT_HEADER = 'X-Ssl-Client-Cert'
const h = await createHarness(
  { apple: { ...testConfig().apple, identitySource: 'client-cert', clientCertHeader: CLIENT_CERT_HEADER } },
  process.env.DATABASE_URL ?? 'memory://',
)
try {
  const boss = await h.login('demo')
  await setQuota(h, h.demo.bossCompanyId, 'IOS', 5)
  const { phone } = await enrolledIphone(h, boss, { clientCertHeader: CLIENT_CERT_HEADER })
  const body = build({ Status: 'Idle', UDID: phone.udid })
  const headers = { [CLIENT_CERT_HEADER]: encodeURIComponent(forge.pki.certificateToPem(phone.identity.certificate)), 'content-type': 'application/x-apple-aspen-mdm' }
  const send = async () => {
    const res = await h.call('PUT', '/mdm/apple/server', { body, headers })
    if (res.status !== 200 || res.text !== '') throw new Error(`idle check-in answered ${res.status} ${res.text}`)
  }
  for (let i = 0; i < 200; i++) await send()
  // Statements of one check-in, counted where the embedded database is asked (PGlite only).
  const client = embeddedClient(h.database.db)
  let statements: number | undefined
  if (client) {
    statements = 0
    const query = client.query.bind(client)
    client.query = ((...args: Parameters<typeof query>) => (statements!++, query(...args))) as typeof client.query
    await send()
    client.query = query
  }
  const cpu = process.cpuUsage()
  const started = performance.now()
  for (let i = 0; i < count; i++) await send()
  const used = process.cpuUsage(cpu)
  const ms = performance.now() - started
  // The check-in's own work (AppleMdmService.command), without the signature check and HTTP around it.
  const fingerprint = identityFingerprint(phone)
  const message = { Status: 'Idle', UDID: phone.udid }
  const serviceCpu = process.cpuUsage()
  for (let i = 0; i < count; i++) if ((await h.services.appleMdm.command(fingerprint, message)) !== null) throw new Error('a command was queued')
  const serviceUsed = process.cpuUsage(serviceCpu)
  const perCheckin = (u: NodeJS.CpuUsage) => +((u.user + u.system) / 1000 / count).toFixed(3)
  console.log(
    JSON.stringify({ engine: h.database.engine, count, statements, cpuMsPerCheckin: perCheckin(used), wallMsPerCheckin: +(ms / count).toFixed(3), serviceCpuMsPerCheckin: perCheckin(serviceUsed) }),
  )
} finally {
  await h.close()
}
