import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/**
 * Issue #44: the server's Prometheus metrics, one registry for the process, served at GET /metrics
 * (http/metrics-route.ts, behind MDM_METRICS_TOKEN). Every module counts its things through the named helpers below
 * (never a metric of its own on another registry), so docs/operations.md can list them all from this file.
 *
 * Labels hold bounded sets only: an endpoint's NAME from the endpoint table, a command's type, an outcome; never an
 * id, a path with an id in it, a user or a device (each would be a new time series).
 */
export const metricsRegistry = new Registry()

// The process's own: CPU, memory, GC, handles, and nodejs_eventloop_lag_seconds / nodejs_eventloop_lag_p99_seconds.
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 })

const registers = [metricsRegistry]

/** Request duration by endpoint name and status; its _count is the request count. */
const httpRequestDuration = new Histogram({
  name: 'mdm_http_request_duration_seconds',
  help: 'HTTP requests by endpoint name (the endpoint table, or a protocol/static name), method and status',
  labelNames: ['endpoint', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
})

const agentPolls = new Counter({
  name: 'mdm_agent_polls_total',
  help: 'Huawei / Mi agent polls for their next tasks (answered: the credential was valid)',
  registers,
})

const appleCheckins = new Counter({
  name: 'mdm_apple_checkins_total',
  help: 'Apple MDM messages by kind: Authenticate, TokenUpdate, CheckOut (check-in) and connect (command endpoint)',
  labelNames: ['message'] as const,
  registers,
})

/** The stages of a command's task: QUEUED → SENT (delivered) → DONE | ERROR (failed) | TIMEOUT. */
export type CommandStage = 'queued' | 'delivered' | 'done' | 'failed' | 'timeout'

const commands = new Counter({
  name: 'mdm_commands_total',
  help: 'Device commands by type (a Huawei / Mi command name or an Apple console command) and stage (queued, delivered, done, failed, timeout)',
  labelNames: ['type', 'stage'] as const,
  registers,
})

const queueDepth = new Gauge({
  name: 'mdm_command_queue_depth',
  help: 'Tasks not finished, by status (QUEUED: waiting for the device; SENT: delivered, no result yet); read at each scrape',
  labelNames: ['status'] as const,
  registers,
})

export type ApnsOutcome = 'sent' | 'failed' | 'unregistered' | 'skipped'

const apnsPushes = new Counter({
  name: 'mdm_apns_pushes_total',
  help: 'APNs pushes by outcome: sent (200), failed (an error or non-200), unregistered (410: the token is gone), skipped (no push certificate)',
  labelNames: ['outcome'] as const,
  registers,
})

const abmSyncs = new Counter({
  name: 'mdm_abm_sync_runs_total',
  help: 'Apple Business Manager sync runs by outcome (ok, error)',
  labelNames: ['outcome'] as const,
  registers,
})

const jobRuns = new Counter({
  name: 'mdm_job_runs_total',
  help: 'Background job runs by job name and outcome (ok, error, skipped: another process held the lease)',
  labelNames: ['job', 'outcome'] as const,
  registers,
})

const dbPoolInUse = new Gauge({
  name: 'mdm_db_pool_connections',
  help: 'PostgreSQL pool connections by state (in_use, idle, waiting: requests waiting for a connection); read at each scrape',
  labelNames: ['state'] as const,
  registers,
})

/** Times one request; call the returned function with the endpoint's name and the status when it is answered. */
export function startRequestTimer(): (endpoint: string, method: string, status: number) => void {
  const end = httpRequestDuration.startTimer()
  return (endpoint, method, status) => end({ endpoint, method, status: String(status) })
}

export function countAgentPoll(): void {
  agentPolls.inc()
}

export function countAppleCheckin(message: string): void {
  appleCheckins.inc({ message })
}

/** `count` tasks of one type moved to `stage` (a fleet-wide command queues many in one statement). */
export function countCommand(type: string, stage: CommandStage, count = 1): void {
  if (count > 0) commands.inc({ type, stage }, count)
}

/** Tasks moved to `stage`, counted by their type (rows a statement returned). */
export function countCommands(rows: readonly { type: string }[], stage: CommandStage): void {
  const byType = new Map<string, number>()
  for (const r of rows) byType.set(r.type, (byType.get(r.type) ?? 0) + 1)
  for (const [type, n] of byType) commands.inc({ type, stage }, n)
}

/** A task's final status as a stage. */
export function stageOfStatus(status: string): CommandStage | null {
  return status === 'DONE' ? 'done' : status === 'ERROR' ? 'failed' : status === 'TIMEOUT' ? 'timeout' : null
}

export function countApnsPush(outcome: ApnsOutcome, count = 1): void {
  if (count > 0) apnsPushes.inc({ outcome }, count)
}

export function countAbmSync(outcome: 'ok' | 'error'): void {
  abmSyncs.inc({ outcome })
}

export function countJobRun(job: string, outcome: 'ok' | 'error' | 'skipped'): void {
  jobRuns.inc({ job, outcome })
}

/** Set at scrape time from the database (http/metrics-route.ts). */
export function setQueueDepth(queued: number, sent: number): void {
  queueDepth.set({ status: 'QUEUED' }, queued)
  queueDepth.set({ status: 'SENT' }, sent)
}

/** Set at scrape time from the pool (PostgreSQL only; the embedded database has one session, no pool). */
export function setDbPool(inUse: number, idle: number, waiting: number): void {
  dbPoolInUse.set({ state: 'in_use' }, inUse)
  dbPoolInUse.set({ state: 'idle' }, idle)
  dbPoolInUse.set({ state: 'waiting' }, waiting)
}

/** The text a scrape answers, and its Content-Type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await metricsRegistry.metrics(), contentType: metricsRegistry.contentType }
}
