/**
 * Device protocols at scale (issue #16), on PostgreSQL:
 * 1. Claim cost against finished tasks: one claim (a queued task among a device's history; queueing it is not timed)
 *    timed on a database with no finished tasks and on one with FINISHED_TASKS finished ones (tasks_live_idx keeps
 *    them out of the queue), two databases of one cluster, in turn. The finished tasks are seeded without foreign-key
 *    triggers and with the full indexes dropped, then rebuilt, so 10M of them fit the bench's budget.
 * 2. Agents polling: AGENTS simulated Huawei agents (credentials seeded, as after enrollment) poll one server process
 *    every POLL_SECONDS with ±20 % jitter, for FLEET_WARM_UP_SECONDS and then the measured window, while commands are queued to a tenth of them; each
 *    agent reports each task it gets. The load comes from LOAD_PROCESSES forked processes (queue-load.ts), so one
 *    client event loop does not set the limit. Polls per second, poll p95, CPU of the server, PostgreSQL and the load,
 *    and every command delivered exactly once.
 * 3. The same for simulated iPhones (src/sim's SimulatedIphone) on the Apple command endpoint: Idle → command →
 *    Acknowledged. Their identities are certificates of the server's CA (issued here in bulk, as profile downloads
 *    would) sent as forwarded client certificates (MDM_APPLE_IDENTITY=client-cert, a TLS terminator in front).
 */
import { fork, type ChildProcess } from 'node:child_process'
import { generateKeyPairSync, randomBytes, randomUUID, sign, X509Certificate } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import forge from 'node-forge'
import { sql } from 'drizzle-orm'
import { openDatabase, type Db } from '../../src/server/db/client'
import { quotaAccounts } from '../../src/server/db/schema'
import { appleIdentities } from '../../src/server/db/schema-apple'
import { createSecretBox } from '../../src/server/crypto/secret-box'
import { seedDemo } from '../../src/server/demo/seed'
import { TaskService } from '../../src/server/modules/task/service'
import { certificateAuthority, fingerprintOf, loadOrCreateCa } from '../../src/server/protocol/apple/ca'
import { appleCommands } from '../../src/server/protocol/apple/commands'
import { enrollmentProfile } from '../../src/server/protocol/apple/profile'
import { latencyFigure, metricValue, percentiles, resetStatements, spawnServer, startPostgres, topStatements, type BenchResult, type Figure, type Percentiles } from './lib'
import type { FromWorker, Slice, ToWorker } from './queue-load'
import { settle } from './settle'

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows
/** Forked load generators: the machine has 2 cores, shared with the server and PostgreSQL. */
const LOAD_PROCESSES = 2
/** A fleet polls this long before its window is measured (fleetRun). */
const FLEET_WARM_UP_SECONDS = 10
const CLIENT_CERT_HEADER = 'X-Ssl-Client-Cert'

async function seedAgents(db: Db, companyId: number, n: number): Promise<{ id: number; credential: string }[]> {
  await db.execute(sql`
    insert into devices (company_id, platform, serial_number, credential_hash, enrolled_at, last_communication_time)
    select ${companyId}, 'HUAWEI', 'AGENT' || lpad(g::text, 6, '0'), encode(sha256(('bench-credential-' || g)::bytea), 'hex'), now(), now()
    from generate_series(1, ${n}) as g`)
  const rows = rowsOf<{ id: number; serial_number: string }>(await db.execute(sql`select id, serial_number from devices where serial_number like 'AGENT%' order by id`))
  return rows.map((r) => ({ id: Number(r.id), credential: `bench-credential-${Number(r.serial_number.slice(5))}` }))
}

interface ClaimSide {
  tasks: TaskService
  agents: { id: number }[]
  companyId: number
}

/**
 * Claim cost: queue one command (not timed) and claim it (timed), on devices taken in turn, on each side in turn (the
 * side that goes first alternates). Both sides are measured in the same minute on the same cluster, so what the
 * machine does meanwhile (a shared VM's neighbours, the kernel writing back) weighs on both alike: measured one after
 * the other, minutes apart, the ratio of two sub-millisecond p95s went from 1.03 to 1.93 between runs of the same code.
 */
async function claimCosts(sides: ClaimSide[]): Promise<Percentiles[]> {
  const samples = sides.map((): number[] => [])
  const warmup = 50
  const end = performance.now() + 60_000
  for (let i = 0; i < warmup + 1000 && performance.now() < end; i++) {
    const order = i % 2 === 0 ? sides.map((_, k) => k) : sides.map((_, k) => sides.length - 1 - k)
    for (const k of order) {
      const { tasks, agents, companyId } = sides[k]
      const device = agents[i % agents.length].id
      await tasks.enqueue({ deviceId: device, companyId, type: `bench-${i}`, createdBy: null })
      const t = performance.now()
      const claimed = await tasks.claim(device, 10)
      if (i >= warmup) samples[k].push(performance.now() - t)
      if (claimed.length !== 1) throw new Error(`claim answered ${claimed.length} tasks`)
    }
  }
  return samples.map(percentiles)
}

/**
 * `n` finished tasks spread over the agents. Bulk-load practice: the full indexes (not the primary key, not the
 * partial ones these rows are not in) are dropped and rebuilt afterwards, foreign-key triggers are skipped
 * (session_replication_role; the rows reference devices that exist), and two connections insert halves at once.
 */
async function seedFinished(db: Db, n: number, agents: { id: number }[], companyId: number) {
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'tasks' and indexname <> 'tasks_pkey' and indexdef not like '% WHERE %'`),
  )
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.indexname}"`))
  const half = Math.ceil(n / 2)
  await Promise.all(
    [1, half + 1].map((from) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.execute(sql`
          insert into tasks (task_id, device_id, company_id, type, status, created_at, sent_at, finished_at)
          select 'done-' || g, ${agents[0].id} + (g % ${agents.length}), ${companyId}, 'check', 'DONE',
                 now() - make_interval(secs => g / 100.0), now() - make_interval(secs => g / 100.0), now() - make_interval(secs => g / 100.0)
          from generate_series(${from}::int, ${Math.min(n, from + half - 1)}::int) as g`)
      }),
    ),
  )
  // Rebuilt two at a time, each with a parallel worker.
  const build = async (def: string) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`)
      await tx.execute(sql.raw(def))
    })
  for (let i = 0; i < indexes.length; i += 2) await Promise.all(indexes.slice(i, i + 2).map((x) => build(x.indexdef)))
  await db.execute(sql`vacuum analyze tasks`)
}

export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0 // ended
  }
}

/** The postmaster, its live backends (by parent pid), and the ones it has reaped (its children's times). */
export function postgresCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const fields = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ')
  let total = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const child = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')
      if (Number(child[1]) === postmaster) total += (Number(child[11]) + Number(child[12])) / 100
    } catch {
      // gone meanwhile
    }
  }
  return total
}

export interface Server {
  url: string
  pid: number
  pgDataDir: string
  /** The server's own metrics (ChildServer.metrics). */
  metrics?: () => Promise<string>
}

export interface FleetRun {
  latencies: number[]
  received: string[]
  /** When each of `received` reached its agent (Date.now(); agents only). */
  receivedAt: number[]
  failures: number
  errors: string[]
  /** The measured window, and the whole run (window, then the last polls), in seconds. */
  window: number
  /** When every load process had its devices set up (performance.now()), before the fleet's warm-up. */
  readyAt: number
  seconds: number
  cpu: { server: number; postgres: number; load: number }
}

/**
 * Runs `slices` in forked load processes: each sets its devices up (iPhones enroll; agents given serial numbers
 * too), then all start together for `window` seconds (or as many as it answers for the poll interval the devices
 * learnt while enrolling); `commander` queues commands meanwhile.
 */
export async function fleetRun(server: Server, slices: Slice[], window: number | ((pollSeconds: number) => number), commander: (endAt: number) => Promise<void>): Promise<FleetRun> {
  const workers: ChildProcess[] = slices.map(() => fork(path.join(import.meta.dirname, 'queue-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }))
  try {
    const ready = workers.map((w) => new Promise<number | undefined>((resolve, reject) => {
      w.on('message', (m: FromWorker) => 'ready' in m && resolve(m.pollSeconds))
      w.on('exit', (code) => reject(new Error(`load process exited ${code}`)))
    }))
    const done = workers.map((w) => new Promise<Extract<FromWorker, { done: unknown }>['done']>((resolve) => w.on('message', (m: FromWorker) => 'done' in m && resolve(m.done))))
    workers.forEach((w, i) => w.send({ slice: slices[i] } satisfies ToWorker))
    const pollSeconds = (await Promise.all(ready)).find((s) => s !== undefined) ?? slices[0].pollSeconds
    const windowSeconds = typeof window === 'number' ? window : window(pollSeconds)
    const readyAt = performance.now()
    // The devices poll from now on; the window is measured after FLEET_WARM_UP_SECONDS, as a server in service has been
    // answering its fleet for a while (the first seconds of a fleet started at once are those of cold load processes
    // and a server whose device paths have not run yet: polls of up to 2 s then, in a run of 10k agents).
    const measureFrom = Date.now() + FLEET_WARM_UP_SECONDS * 1000
    const endAt = measureFrom + windowSeconds * 1000
    for (const w of workers) w.send({ start: { measureFrom, endAt } } satisfies ToWorker)
    await new Promise((r) => setTimeout(r, measureFrom - Date.now()))
    const cpuStart = { server: cpuSeconds(server.pid), postgres: postgresCpuSeconds(server.pgDataDir) }
    const started = Date.now()
    await commander(endAt)
    const results = await Promise.all(done)
    const seconds = (Date.now() - started) / 1000
    const cpu = {
      server: (cpuSeconds(server.pid) - cpuStart.server) / seconds,
      postgres: (postgresCpuSeconds(server.pgDataDir) - cpuStart.postgres) / seconds,
      // Each load process reports its own CPU over the window (it has exited by now).
      load: results.reduce((s, r) => s + r.cpuSeconds, 0) / seconds,
    }
    return {
      latencies: results.flatMap((r) => r.latencies),
      received: results.flatMap((r) => r.received),
      receivedAt: results.flatMap((r) => r.receivedAt),
      failures: results.reduce((s, r) => s + r.failures, 0),
      errors: results.flatMap((r) => r.errors).slice(0, 3),
      window: windowSeconds,
      readyAt,
      seconds,
      cpu,
    }
  } finally {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGTERM')
  }
}

/** Queues `queue(target)` to each target, spread over the first half of the window. */
async function spreadCommands<T>(targets: T[], endAt: number, queue: (target: T) => Promise<string>): Promise<string[]> {
  const queued: string[] = []
  const spacing = (endAt - Date.now()) / 2 / Math.max(1, targets.length)
  for (const t of targets) {
    queued.push(await queue(t))
    await new Promise((r) => setTimeout(r, spacing))
  }
  return queued
}

async function fleetFigures(db: Db, label: string, unit: string, offered: number, run: FleetRun, queued: string[], targetMs: number): Promise<Figure[]> {
  const counts = new Map<string, number>()
  for (const id of run.received) counts.set(id, (counts.get(id) ?? 0) + 1)
  const lost = queued.filter((id) => !counts.has(id)).length
  const twice = [...counts.values()].filter((n) => n > 1).length
  const [{ pending }] = rowsOf<{ pending: number }>(await db.execute(sql`select count(*)::int as pending from tasks where status = 'QUEUED'`))
  const p = percentiles(run.latencies)
  const pct = (v: number) => `${(v * 100).toFixed(0)} %`
  return [
    latencyFigure(`${label}: ${unit} latency`, p, targetMs, `${run.failures} failed${run.errors.length ? ` (${run.errors.join('; ')})` : ''}`),
    // Over the window (requests answered in it); the last poll of the commanded devices after it is not counted.
    { figure: `${label}: ${unit}s per second held`, target: `${offered.toFixed(0)} /s offered`, measured: `${(p.n / run.window).toFixed(0)} /s over ${run.window.toFixed(0)} s`, value: p.n / run.window, pass: null },
    {
      figure: `${label}: CPU (of one core)`,
      target: '—',
      measured: `server ${pct(run.cpu.server)} · PostgreSQL ${pct(run.cpu.postgres)} · load generator ${pct(run.cpu.load)} (2 cores in all)`,
      value: run.cpu.server,
      pass: null,
    },
    {
      figure: `${label}: commands delivered exactly once`,
      target: 'all, once',
      measured: `${queued.length} queued · ${queued.length - lost} delivered · ${lost} lost · ${twice} twice · ${pending} still queued`,
      value: lost + twice,
      pass: lost === 0 && twice === 0,
    },
  ]
}

/** Deals devices to the load processes in turn. */
export function deal<T>(items: T[]): T[][] {
  const slices: T[][] = Array.from({ length: LOAD_PROCESSES }, () => [])
  items.forEach((item, i) => slices[i % LOAD_PROCESSES].push(item))
  return slices
}

async function agentLoad(server: Server, db: Db, tasks: TaskService, companyId: number, agents: { id: number; credential: string }[], pollSeconds: number, windowSeconds: number): Promise<Figure[]> {
  const devices = agents.map((a, i) => ({ ...a, commanded: i % 10 === 0 }))
  let queued: string[] = []
  const run = await fleetRun(
    server,
    deal(devices).map((slice) => ({ kind: 'agent', url: server.url, pollSeconds, devices: slice.map(({ credential, commanded }) => ({ credential, commanded })) })),
    windowSeconds,
    async (endAt) => {
      queued = await spreadCommands(
        devices.filter((d) => d.commanded),
        endAt,
        async (d) => (await tasks.enqueue({ deviceId: d.id, companyId, type: 'check', createdBy: null })).taskId,
      )
    },
  )
  const n = agents.length.toLocaleString('en')
  return fleetFigures(db, `${n} agents polling every ${pollSeconds} s`, 'poll', agents.length / pollSeconds, run, queued, 20)
}

/**
 * Identities for `n` iPhones, as profile downloads issue them (a certificate of the server's CA, recorded for the
 * company), made in bulk: one shared key pair and a native signature over each certificate, instead of a new RSA
 * key and a JavaScript signature per phone (0.4 s each).
 */
async function iphoneIdentities(db: Db, serverUrl: string, caDir: string, companyId: number, createdBy: number, n: number) {
  const caPem = readFileSync(path.join(caDir, 'ca.pem'), 'utf8')
  const caKeyPem = readFileSync(path.join(caDir, 'ca.key'), 'utf8')
  const caCert = forge.pki.certificateFromPem(caPem)
  const keyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey
  const publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  const phones = Array.from({ length: n }, (_, i) => {
    const cert = forge.pki.createCertificate()
    cert.publicKey = publicKey
    cert.serialNumber = `7${randomBytes(15).toString('hex')}`
    cert.validity.notBefore = new Date(Date.now() - 3600_000)
    cert.validity.notAfter = new Date(Date.now() + 365 * 86400_000)
    cert.setSubject([{ name: 'commonName', value: `MDM Device bench-${i}` }])
    cert.setIssuer(caCert.subject.attributes)
    cert.setExtensions([
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
    ])
    cert.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption
    cert.signatureOid = forge.pki.oids.sha256WithRSAEncryption
    cert.tbsCertificate = (forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 }).getTBSCertificate(cert)
    cert.signature = sign('sha256', Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary'), caKeyPem).toString('binary')
    const certPem = forge.pki.certificateToPem(cert)
    return { certPem, serialNumber: `BENCHIP${String(i).padStart(6, '0')}`, udid: randomUUID().toUpperCase() }
  })
  const ca = certificateAuthority(caPem, caKeyPem)
  if (!ca.verifyIssued(phones[0].certPem)) throw new Error('bench identity not accepted by the CA')
  for (let i = 0; i < phones.length; i += 1000) {
    await db.insert(appleIdentities).values(
      phones.slice(i, i + 1000).map((p) => {
        const x509 = new X509Certificate(p.certPem)
        return { companyId, fingerprint: fingerprintOf(x509), serialNumber: x509.serialNumber, createdBy }
      }),
    )
  }
  await db
    .insert(quotaAccounts)
    .values({ companyId, quotaType: 'IOS', remainingQuantity: n })
    .onConflictDoUpdate({ target: [quotaAccounts.companyId, quotaAccounts.quotaType], set: { remainingQuantity: n } })
  // One real profile of the server: the phones take its URLs and topic.
  const profile = enrollmentProfile({ publicUrl: serverUrl, topic: 'com.apple.mgmt.bench', companyName: 'bench', identity: ca.issueIdentity('bench template') })
  return { phones, profile, keyPem, caPem }
}

async function iphoneLoad(server: Server, db: Db, tasks: TaskService, caDir: string, demo: { bossCompanyId: number; bossId: number }, n: number, pollSeconds: number, windowSeconds: number): Promise<Figure[]> {
  const setupStart = performance.now()
  const { phones, profile, keyPem, caPem } = await iphoneIdentities(db, server.url, caDir, demo.bossCompanyId, demo.bossId, n)
  const devices = phones.map((p, i) => ({ ...p, commanded: i % 10 === 0 }))
  let queued: string[] = []
  let atStart = ''
  const request = appleCommands.checkNetwork.requests()[0]
  const run = await fleetRun(
    server,
    deal(devices).map((slice) => ({ kind: 'iphone', profile, keyPem, caPem, clientCertHeader: CLIENT_CERT_HEADER, pollSeconds, devices: slice })),
    windowSeconds,
    async (endAt) => {
      atStart = await server.metrics!()
      await resetStatements((query) => db.execute(sql.raw(query)))
      const enrolled = rowsOf<{ id: number; udid: string }>(
        await db.execute(sql`select d.id, e.udid from apple_enrollments e join devices d on d.id = e.device_id where d.serial_number like 'BENCHIP%' and e.push_token is not null`),
      )
      const byUdid = new Map(enrolled.map((r) => [r.udid, Number(r.id)]))
      const targets = devices.filter((d) => d.commanded).map((d) => byUdid.get(d.udid))
      if (targets.some((t) => t === undefined)) throw new Error(`${targets.filter((t) => t === undefined).length} commanded iPhones did not enroll`)
      queued = await spreadCommands(targets as number[], endAt, async (deviceId) => (await tasks.enqueue({ deviceId, companyId: demo.bossCompanyId, type: 'checkNetwork', payload: { ...request }, createdBy: null })).taskId)
    },
  )
  const atEnd = await server.metrics!()
  await topStatements((query) => db.execute(sql.raw(query)))
  const label = `${n.toLocaleString('en')} iPhones checking in every ${pollSeconds} s`
  // Until every phone had enrolled, the fleet's warm-up not included.
  const setupSeconds = (run.readyAt - setupStart) / 1000
  const figures = await fleetFigures(db, label, 'request', n / pollSeconds, run, queued, 20)
  figures.push(serverSideFigure(`${label}: the same requests as the server timed them (its mdm_http_request_duration_seconds over the window), and its event loop's delay`, atStart, atEnd, 'apple.connect'))
  figures.unshift({ figure: `${label}: set-up (identities, enrollment: Authenticate, TokenUpdate and the answer to the server's first DeviceInformation)`, target: '—', measured: `${setupSeconds.toFixed(1)} s`, value: setupSeconds, pass: null })
  return figures
}

/**
 * What the server measured of one endpoint's requests between two readings of its metrics (the share answered within
 * each bucket of its histogram), and its event loop's delay since the first reading: whether a latency the client saw
 * was spent in the server or outside it (the client's own event loop, the machine's scheduler, the network).
 */
export function serverSideFigure(figure: string, atStart: string, atEnd: string, endpoint: string): Figure {
  const bucket = (le: string) => {
    const labels = { endpoint, le }
    return metricValue(atEnd, 'mdm_http_request_duration_seconds_bucket', labels) - metricValue(atStart, 'mdm_http_request_duration_seconds_bucket', labels)
  }
  const total = bucket('+Inf')
  const share = (le: string) => `${((bucket(le) / Math.max(1, total)) * 100).toFixed(1)} %`
  const lag = (name: string) => `${(metricValue(atEnd, name) * 1000).toFixed(0)} ms`
  return {
    figure,
    target: '—',
    measured: `${total} requests: ${share('0.005')} within 5 ms · ${share('0.01')} within 10 ms · ${share('0.025')} within 25 ms; event-loop delay p99 ${lag('nodejs_eventloop_lag_p99_seconds')} · max ${lag('nodejs_eventloop_lag_max_seconds')}`,
    value: total,
    pass: null,
  }
}

/** Claim cost with `finishedTasks` finished tasks in the table against none (part 1 of the file's comment). */
async function claimFigures(db: Db, pgUrl: string, agents: { id: number }[], companyId: number, finishedTasks: number): Promise<Figure[]> {
  const box = createSecretBox(randomBytes(32))
  // The table without finished tasks: a database of its own in the same cluster, seeded alike.
  await db.execute(sql.raw('create database claims_empty'))
  const empty = await openDatabase(pgUrl.replace(/\/postgres$/, '/claims_empty'))
  let seeded: number, before: Percentiles, after: Percentiles
  try {
    const emptyDemo = await seedDemo(empty.db)
    const emptySide: ClaimSide = { tasks: new TaskService(empty.db, box), agents: await seedAgents(empty.db, emptyDemo.bossCompanyId, 1000), companyId: emptyDemo.bossCompanyId }
    const seedStart = performance.now()
    await seedFinished(db, finishedTasks, agents, companyId)
    seeded = (performance.now() - seedStart) / 1000
    // The claims and the fleets are measured once the ten million rows' pages are written (settle.ts).
    await settle(db)
    ;[before, after] = await claimCosts([emptySide, { tasks: new TaskService(db, box), agents, companyId }])
  } finally {
    await empty.close()
  }
  const ratio = after.p95 / before.p95
  return [
    latencyFigure('claim, no finished tasks in the table', before, null),
    latencyFigure(`claim, ${finishedTasks.toLocaleString('en')} finished tasks in the table (seeded in ${seeded.toFixed(0)} s; the two measured in turn)`, after, null),
    { figure: 'claim p95 with finished tasks ÷ without', target: '≤ 1.5 (the same cost)', measured: ratio.toFixed(2), value: ratio, pass: ratio <= 1.5 },
  ]
}

/**
 * The device protocols' figures; each part is skipped when its count is 0 (no finished tasks: no claim figures, no
 * agent counts, no iPhones), so that `npm run bench` can run the iPhones apart (`iphones`) under a name and title of
 * their own.
 */
export async function queueScale(options: { finishedTasks: number; agentCounts: number[]; iphones: number; pollSeconds: number; windowSeconds: number; name?: string; title?: string }): Promise<BenchResult> {
  const started = performance.now()
  const pg = startPostgres(55434)
  const figures: Figure[] = []
  try {
    const database = await openDatabase(pg.url)
    const db = database.db
    const demo = await seedDemo(db)
    const needAgents = options.finishedTasks > 0 || options.agentCounts.length > 0
    const agents = needAgents ? await seedAgents(db, demo.bossCompanyId, Math.max(...options.agentCounts, 1000)) : []
    if (options.finishedTasks > 0) figures.push(...(await claimFigures(db, pg.url, agents, demo.bossCompanyId, options.finishedTasks)))
    await database.close()

    const caDir = mkdtempSync(path.join(tmpdir(), 'mdm-bench-ca.'))
    loadOrCreateCa(caDir)
    const child = await spawnServer(pg.url, { MDM_CA_DIR: caDir, MDM_APPLE_IDENTITY: 'client-cert' })
    try {
      const server: Server = { url: child.url, pid: child.pid, pgDataDir: pg.dataDir, metrics: child.metrics }
      const load = await openDatabase(pg.url)
      const loadTasks = new TaskService(load.db, createSecretBox(randomBytes(32)))
      for (const n of options.agentCounts) {
        figures.push(...(await agentLoad(server, load.db, loadTasks, demo.bossCompanyId, agents.slice(0, n), options.pollSeconds, options.windowSeconds)))
      }
      if (options.iphones > 0) figures.push(...(await iphoneLoad(server, load.db, loadTasks, caDir, demo, options.iphones, options.pollSeconds, options.windowSeconds)))
      await load.close()
    } finally {
      await child.stop()
    }
  } finally {
    pg.stop()
  }
  return { name: options.name ?? 'queue', title: options.title ?? 'Device protocols at scale (PostgreSQL)', figures, seconds: (performance.now() - started) / 1000 }
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const [finished, agentCounts, iphones, pollSeconds, windowSeconds] = process.argv.slice(2)
  const result = await queueScale({
    finishedTasks: Number(finished ?? 1_000_000),
    agentCounts: (agentCounts ?? '1000').split(',').filter(Boolean).map(Number),
    iphones: Number(iphones ?? 100),
    pollSeconds: Number(pollSeconds ?? 30),
    windowSeconds: Number(windowSeconds ?? 40),
  })
  for (const f of result.figures) console.log(`${f.pass === false ? '✗' : '·'} ${f.figure}: ${f.measured}${f.note ? ` (${f.note})` : ''}`)
  process.exit(0)
}
