import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { jobs } from '../db/schema-abm'

/**
 * ARCHITECTURE "one way to run background work": a job is a named, idempotent piece of periodic work. It runs at
 * most once per `everyMs` across every server process on one database, never two runs at a time: a run first takes
 * the job's lease row (table jobs) in one UPDATE that succeeds for one process only; the lease is renewed while the
 * run lasts and given back at its end. A process that dies mid-run lets its lease run out (leaseMs) and another takes
 * the job over; since jobs are idempotent, the repeated part changes nothing twice. Times are the database's (now()),
 * so processes whose clocks disagree, or a clock that jumps, still agree on whose turn it is.
 */
export interface Job {
  /** Unique: the key of its lease row. */
  name: string
  /** A run starts at most this often across all processes. */
  everyMs: number
  /** How long a silent lease lasts (a crashed process's run is taken over after it); renewed at a third of it. */
  leaseMs?: number
  /**
   * The work. `signal` aborts when the server stops: leave off at a safe point. `startedAt` is this run's turn in the
   * database's time, `previousStartedAt` the turn before it (null the first time): a job that acts on what happened
   * between two turns takes exactly that window, so each moment falls in one run's window only.
   */
  run(context: JobContext): Promise<void>
}

export interface JobContext {
  signal: AbortSignal
  startedAt: Date
  previousStartedAt: Date | null
}

export interface JobOutcome {
  name: string
  ok: boolean
  ms: number
  error?: unknown
}

export interface SchedulerOptions {
  /** Who holds a lease: host, process and a random part (two schedulers in one process are two owners). */
  owner?: string
  /** How often a process looks whether a job is due; at most this, and at most a job's everyMs. */
  pollMs?: number
  /** Told of every finished run (metrics, logs). */
  onRun?: (outcome: JobOutcome) => void
}

const DEFAULT_LEASE_MS = 5 * 60_000
const DEFAULT_POLL_MS = 10_000
/** How long stop() waits for the runs under way after aborting them. */
const STOP_WAIT_MS = 10_000

export class Scheduler {
  readonly owner: string
  private readonly jobs = new Map<string, Job>()
  private readonly running = new Map<string, Promise<JobOutcome | null>>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly abort = new AbortController()
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly options: SchedulerOptions = {},
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  }

  add(job: Job): this {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`)
    this.jobs.set(job.name, job)
    return this
  }

  /** Looks for due jobs now and then every pollMs (each job on its own timer, jittered so processes do not align). */
  start(): void {
    for (const job of this.jobs.values()) {
      const every = Math.min(job.everyMs, this.options.pollMs ?? DEFAULT_POLL_MS)
      const look = () => {
        if (this.stopped) return
        void this.tryRun(job, false).finally(() => {
          if (this.stopped) return
          const timer = setTimeout(look, every * (0.8 + Math.random() * 0.4))
          timer.unref()
          this.timers.add(timer)
        })
      }
      look()
    }
  }

  /** Runs each job whose turn it is (and whose lease is free), once, and waits for them: for tests and tools. */
  async runDue(): Promise<JobOutcome[]> {
    const outcomes = await Promise.all([...this.jobs.values()].map((job) => this.tryRun(job, false)))
    return outcomes.filter((o): o is JobOutcome => o !== null)
  }

  /** Runs the job now unless another run of it (in any process) holds its lease, its interval regardless. */
  async runNow(name: string): Promise<JobOutcome | null> {
    const job = this.jobs.get(name)
    if (!job) throw new Error(`no job ${name}`)
    return this.tryRun(job, true)
  }

  /** No new runs; the runs under way are aborted and waited for (bounded); their leases are given back. */
  async stop(): Promise<void> {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    this.abort.abort()
    const under = [...this.running.values()]
    if (under.length === 0) return
    let timer: NodeJS.Timeout | undefined
    await Promise.race([Promise.allSettled(under), new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))])
    clearTimeout(timer)
  }

  private tryRun(job: Job, force: boolean): Promise<JobOutcome | null> {
    // One run of a job per process at a time; a second caller shares the first's outcome.
    const under = this.running.get(job.name)
    if (under) return under
    const run = this.claimAndRun(job, force).finally(() => this.running.delete(job.name))
    this.running.set(job.name, run)
    return run
  }

  private async claimAndRun(job: Job, force: boolean): Promise<JobOutcome | null> {
    if (this.stopped) return null
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS
    let claimed: Omit<JobContext, 'signal'> | null
    try {
      claimed = await this.claim(job, leaseMs, force)
    } catch (error) {
      // The database is unreachable (a restart, a network cut): the next look tries again.
      const outcome = { name: job.name, ok: false, ms: 0, error }
      this.options.onRun?.(outcome)
      return outcome
    }
    if (!claimed) return null
    const started = performance.now()
    const renew = setInterval(() => void this.renew(job.name, leaseMs).catch(() => undefined), leaseMs / 3)
    renew.unref()
    let error: unknown
    try {
      await job.run({ signal: this.abort.signal, ...claimed })
    } catch (err) {
      error = err
    } finally {
      clearInterval(renew)
    }
    const ms = performance.now() - started
    await this.release(job.name, error).catch(() => undefined)
    const outcome: JobOutcome = error === undefined ? { name: job.name, ok: true, ms } : { name: job.name, ok: false, ms, error }
    this.options.onRun?.(outcome)
    return outcome
  }

  /**
   * Takes the lease in one statement: only a row whose lease is free (never taken, given back, or run out) and whose
   * last run started at least everyMs ago (unless forced) is updated, so of several processes at once exactly one
   * gets a row back.
   */
  private async claim(job: Job, leaseMs: number, force: boolean): Promise<Omit<JobContext, 'signal'> | null> {
    await this.db.insert(jobs).values({ name: job.name }).onConflictDoNothing()
    const due = force ? sql`true` : sql`(j.last_started_at is null or j.last_started_at <= now() - ${job.everyMs} * interval '1 millisecond')`
    // The row before the update (FROM) gives the previous turn; RETURNING alone would give the new one only.
    const result = await this.db.execute(sql`
      update ${jobs} j set lease_owner = ${this.owner}, lease_until = now() + ${leaseMs} * interval '1 millisecond', last_started_at = now()
      from (select name, last_started_at from ${jobs} where name = ${job.name}) before
      where j.name = before.name and (j.lease_until is null or j.lease_until < now()) and ${due}
      returning j.last_started_at as started, before.last_started_at as previous`)
    const [row] = (result as unknown as { rows: { started: Date | string; previous: Date | string | null }[] }).rows
    return row ? { startedAt: new Date(row.started), previousStartedAt: row.previous === null ? null : new Date(row.previous) } : null
  }

  private async renew(name: string, leaseMs: number): Promise<void> {
    await this.db
      .update(jobs)
      .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(eq(jobs.name, name), eq(jobs.leaseOwner, this.owner)))
  }

  private async release(name: string, error: unknown): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        leaseOwner: null,
        leaseUntil: null,
        lastFinishedAt: sql`now()`,
        lastError: error === undefined ? null : String(error instanceof Error ? error.message : error).slice(0, 500),
        runs: sql`${jobs.runs} + 1`,
      })
      .where(and(eq(jobs.name, name), eq(jobs.leaseOwner, this.owner)))
  }
}
