/**
 * One load-generating process of queue-scale.ts (forked, IPC): a slice of the simulated fleet, so that the load is
 * not limited by one Node process's event loop. Huawei agents poll the agent endpoint; simulated iPhones (src/sim's
 * SimulatedIphone, unchanged protocol code) check in on the Apple command endpoint. Each device waits a random part
 * of the interval, then repeats every interval ±20 %. HTTP over a keep-alive agent. Answers its latencies, the tasks
 * each device received, and its failures.
 */
import http from 'node:http'
import forge from 'node-forge'
import { SimulatedIphone } from '../../src/sim/iphone'
import { keepAliveRequest } from './lib'

export interface AgentSlice {
  kind: 'agent'
  url: string
  /**
   * Agent credentials; `commanded` ones get a last poll after the window to collect what it cut off. A device given
   * a serial number instead enrolls first (POST /agent/v1/enroll with `enrollmentToken`, as a phone does), and then
   * polls at the interval the server's answer names.
   */
  devices: (({ credential: string } | { serialNumber: string }) & { commanded: boolean })[]
  enrollmentToken?: string
  /** Each wait is the interval ± this fraction of it (default 0.2); 0 waits the interval exactly, as src/sim's agent does. */
  jitter?: number
}

export interface IphoneSlice {
  kind: 'iphone'
  /** One profile of the server (its URLs and topic). */
  profile: string
  /** The key every bench identity shares (PEM), the CA's certificate, and each phone's own certificate. */
  keyPem: string
  caPem: string
  clientCertHeader: string
  devices: { certPem: string; serialNumber: string; udid: string; commanded: boolean }[]
}

export type Slice = (AgentSlice | IphoneSlice) & { pollSeconds: number }

/**
 * parent → worker: the slice, then (once every worker is ready) the start: the devices poll from then on, and requests
 * made from `measureFrom` to `endAt` are the measured window (before it, the fleet and the server warm up).
 */
export type ToWorker = { slice: Slice } | { start: { measureFrom: number; endAt: number } }
/** worker → parent */
export type FromWorker =
  | { ready: true; pollSeconds?: number }
  | { done: { latencies: number[]; received: string[]; receivedAt: number[]; failures: number; errors: string[]; cpuSeconds: number } }

/**
 * A connection left idle is closed here after 4 s, before the server closes it (Node's keepAliveTimeout, 5 s): reused
 * just as the server's close was on its way, it failed with ECONNRESET (1-2 polls in ~16,000 in two runs at 10k
 * agents), a race of HTTP keep-alive that a phone's client meets and retries, not the server failing a poll.
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 })

/** keepAliveRequest (lib.ts) as the fetch the simulated devices are written against. */
async function request(url: string, init: { method: string; headers: Record<string, string>; body: string }): Promise<Response> {
  const res = await keepAliveRequest(keepAlive, url, init)
  return new Response(res.status === 204 || res.status === 304 ? null : res.body, { status: res.status })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function run(slice: Slice, schedule: () => { measureFrom: number; endAt: number }, started: Promise<void>) {
  const endAt = () => schedule().endAt
  const latencies: number[] = []
  const received: string[] = []
  /** When each of `received` arrived (Date.now(), the agents' only: the moment the poll's answer was read). */
  const receivedAt: number[] = []
  const errors: string[] = []
  let failures = 0
  const fail = (e: unknown) => {
    failures++
    if (errors.length < 5) errors.push(String(e instanceof Error ? e.message : e))
  }
  let pollSeconds = slice.pollSeconds
  const jitter = (slice.kind === 'agent' ? slice.jitter : undefined) ?? 0.2
  // The next poll's wait, never past the window's end (a device sleeping through it would stretch the window).
  const interval = () => Math.min(pollSeconds * 1000 * (1 - jitter + Math.random() * 2 * jitter), Math.max(0, endAt() - Date.now()))
  let inWindow = false
  const timed = async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
    const measured = inWindow && Date.now() >= schedule().measureFrom
    const t = performance.now()
    const res = await request(url, init)
    const body = await res.arrayBuffer()
    // Started in the window and answered before it closed.
    if (measured && inWindow) latencies.push(performance.now() - t)
    return new Response(res.status === 200 && body.byteLength ? body : null, { status: res.status })
  }

  if (slice.kind === 'agent') {
    const poll = `${slice.url}/agent/v1/poll`
    const result = `${slice.url}/agent/v1/result`
    const pollOnce = async (credential: string) => {
      const headers = { authorization: `Device ${credential}`, 'content-type': 'application/json' }
      const res = await timed(poll, { method: 'POST', headers, body: '{}' })
      if (res.status !== 200) throw new Error(`poll answered ${res.status}`)
      const tasks = ((await res.json()) as { data?: { tasks: { taskId: string }[] } }).data?.tasks ?? []
      const at = Date.now()
      for (const task of tasks) {
        received.push(task.taskId)
        receivedAt.push(at)
        const done = await timed(result, { method: 'POST', headers, body: JSON.stringify({ taskId: task.taskId, success: true }) })
        if (done.status !== 200) throw new Error(`result answered ${done.status}`)
      }
      return tasks.length
    }
    const agents = await enrolled(slice, (seconds) => (pollSeconds = seconds))
    process.send!({ ready: true, pollSeconds } satisfies FromWorker)
    await started
    inWindow = true
    await Promise.all(
      agents.map(async (d) => {
        // Phases spread over the interval, as phones switched on at different times poll.
        await sleep(Math.random() * pollSeconds * 1000)
        while (Date.now() < endAt()) {
          await pollOnce(d.credential).catch(fail)
          await sleep(interval())
        }
      }),
    )
    inWindow = false
    // A last poll of the commanded agents collects what the window's end cut off.
    for (const d of agents.filter((x) => x.commanded)) await pollOnce(d.credential).catch(fail)
    return { latencies, received, receivedAt, failures, errors }
  }

  const key = forge.pki.privateKeyFromPem(slice.keyPem)
  const ca = forge.pki.certificateFromPem(slice.caPem)
  const phones = slice.devices.map((d) => {
    const certificate = forge.pki.certificateFromPem(d.certPem)
    const phone = new SimulatedIphone({
      profile: slice.profile,
      serialNumber: d.serialNumber,
      udid: d.udid,
      identity: { certificate, key, certificates: [certificate, ca] },
      clientCertHeader: slice.clientCertHeader,
      fetch: timed,
    })
    return { phone, commanded: d.commanded }
  })
  // Enrollment (Authenticate, TokenUpdate, the first DeviceInformation) before the window, a few phones at a time.
  for (let i = 0; i < phones.length; i += 16) await Promise.all(phones.slice(i, i + 16).map((p) => p.phone.enroll()))
  process.send!({ ready: true } satisfies FromWorker)
  await started
  inWindow = true
  await Promise.all(
    phones.map(async ({ phone }) => {
      await sleep(Math.random() * slice.pollSeconds * 1000)
      while (Date.now() < endAt()) {
        await phone.checkIn().catch(fail)
        await sleep(interval())
      }
    }),
  )
  inWindow = false
  for (const { phone } of phones.filter((p) => p.commanded)) await phone.checkIn().catch(fail)
  for (const { phone } of phones) for (const entry of phone.log) received.push(entry.commandUuid)
  return { latencies, received, receivedAt, failures, errors }
}

/**
 * The slice's agents with their credentials: those given one as they are, the others enrolled through the server's
 * enrollment endpoint (a few at a time: the server limits enrollments in flight from one address to 20), their poll
 * interval taken from its answer.
 */
async function enrolled(slice: AgentSlice & { pollSeconds: number }, interval: (seconds: number) => void): Promise<{ credential: string; commanded: boolean }[]> {
  const agents: { credential: string; commanded: boolean }[] = []
  const enroll = async (d: AgentSlice['devices'][number]) => {
    if ('credential' in d) return agents.push(d)
    const res = await keepAliveRequest(keepAlive, `${slice.url}/agent/v1/enroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enrollmentToken: slice.enrollmentToken, serialNumber: d.serialNumber, platform: 'HUAWEI' }),
    })
    const answer = JSON.parse(res.body.toString('utf8')) as { code: number; msg: string; data: { credential: string; pollIntervalSeconds: number } }
    if (answer.code !== 200) throw new Error(`enroll of ${d.serialNumber} answered ${answer.code} ${answer.msg}`)
    interval(answer.data.pollIntervalSeconds)
    agents.push({ credential: answer.data.credential, commanded: d.commanded })
  }
  for (let i = 0; i < slice.devices.length; i += ENROLLING_AT_ONCE) await Promise.all(slice.devices.slice(i, i + ENROLLING_AT_ONCE).map(enroll))
  return agents
}

/** Per load process (two): 16 enrollments in flight from the one address, under the server's limit of 20. */
const ENROLLING_AT_ONCE = 8

let schedule = { measureFrom: 0, endAt: 0 }
let cpuAtStart = process.cpuUsage()
let begin: () => void = () => {}
const started = new Promise<void>((r) => (begin = r))
process.on('message', (message: ToWorker) => {
  if ('slice' in message) {
    const slice = message.slice
    void run(slice, () => schedule, started).then((done) => {
      const cpu = process.cpuUsage(cpuAtStart)
      process.send!({ done: { ...done, cpuSeconds: (cpu.user + cpu.system) / 1e6 } } satisfies FromWorker, () => process.exit(0))
    })
  } else {
    schedule = message.start
    begin()
    // The CPU of the measured window only.
    setTimeout(() => (cpuAtStart = process.cpuUsage()), Math.max(0, schedule.measureFrom - Date.now()))
  }
})
