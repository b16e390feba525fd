/**
 * Device protocols at scale (issue #16), on PostgreSQL:
 * 1. Claim cost against finished tasks: a claim (one queued task among a device's history) timed with no finished
 *    tasks in the table, then again after FINISHED_TASKS finished ones (tasks_live_idx keeps them out of the queue).
 * 2. Agents polling: AGENTS simulated Huawei agents (credentials seeded, as after enrollment) poll one server process
 *    every POLL_SECONDS with ±20 % jitter for the measured window, while commands are queued to a tenth of them; each
 *    agent reports each task it gets. Polls per second, poll p95, the server's CPU, and every command delivered
 *    exactly once.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { openDatabase, type Db } from '../../src/server/db/client'
import { createSecretBox } from '../../src/server/crypto/secret-box'
import { seedDemo } from '../../src/server/demo/seed'
import { TaskService } from '../../src/server/modules/task/service'
import { apiBases } from '../../src/shared/contract/routes'
import { latencyFigure, percentiles, startPostgres, timeRuns, type BenchResult, type Figure } from './lib'

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows

async function seedAgents(db: Db, companyId: number, n: number): Promise<{ id: number; credential: string }[]> {
  await db.execute(sql`
    insert into devices (company_id, platform, serial_number, credential_hash, enrolled_at, last_communication_time)
    select ${companyId}, 'HUAWEI', 'AGENT' || lpad(g::text, 6, '0'), encode(sha256(('bench-credential-' || g)::bytea), 'hex'), now(), now()
    from generate_series(1, ${n}) as g`)
  const rows = rowsOf<{ id: number; serial_number: string }>(await db.execute(sql`select id, serial_number from devices where serial_number like 'AGENT%' order by id`))
  return rows.map((r) => ({ id: Number(r.id), credential: `bench-credential-${Number(r.serial_number.slice(5))}` }))
}

/** Claim cost: enqueue one command and claim it, on devices taken in turn. */
async function claimCost(tasks: TaskService, agents: { id: number }[], companyId: number, offset: number) {
  return timeRuns(
    async (i) => {
      const device = agents[(offset + i) % agents.length].id
      await tasks.enqueue({ deviceId: device, companyId, type: `bench-${i}`, createdBy: null })
      const claimed = await tasks.claim(device, 10)
      if (claimed.length !== 1) throw new Error(`claim answered ${claimed.length} tasks`)
    },
    { count: 300, warmup: 20, maxMs: 20_000 },
  )
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100 // utime + stime, in clock ticks of 1/100 s
}

async function pollLoad(url: string, db: Db, tasks: TaskService, companyId: number, agents: { id: number; credential: string }[], pid: number, pollSeconds: number, windowSeconds: number): Promise<Figure[]> {
  const poll = `${url}${apiBases.agent}/poll`
  const result = `${url}${apiBases.agent}/result`
  const latencies: number[] = []
  const received = new Map<string, number>()
  let failures = 0
  const queued: string[] = []
  const end = Date.now() + windowSeconds * 1000
  const cpuStart = cpuSeconds(pid)
  const started = Date.now()
  const jitter = () => pollSeconds * 1000 * (0.8 + Math.random() * 0.4)
  const agent = async (a: { id: number; credential: string }) => {
    await new Promise((r) => setTimeout(r, Math.random() * pollSeconds * 1000))
    while (Date.now() < end) {
      const t = performance.now()
      try {
        const res = await fetch(poll, { method: 'POST', headers: { authorization: `Device ${a.credential}`, 'content-type': 'application/json' }, body: '{}' })
        const body = (await res.json()) as { data?: { tasks: { taskId: string }[] } }
        latencies.push(performance.now() - t)
        if (res.status !== 200) failures++
        for (const task of body.data?.tasks ?? []) {
          received.set(task.taskId, (received.get(task.taskId) ?? 0) + 1)
          await fetch(result, { method: 'POST', headers: { authorization: `Device ${a.credential}`, 'content-type': 'application/json' }, body: JSON.stringify({ taskId: task.taskId, success: true }) })
        }
      } catch {
        failures++
      }
      await new Promise((r) => setTimeout(r, jitter()))
    }
  }
  // Commands to a tenth of the agents, spread over the first half of the window.
  const commander = (async () => {
    const targets = agents.filter((_, i) => i % 10 === 0)
    const spacing = (windowSeconds * 500) / targets.length
    for (const a of targets) {
      const { taskId } = await tasks.enqueue({ deviceId: a.id, companyId, type: 'check', createdBy: null })
      queued.push(taskId)
      await new Promise((r) => setTimeout(r, spacing))
    }
  })()
  await Promise.all([commander, ...agents.map(agent)])
  // A last poll of the commanded agents collects what the window's end cut off.
  for (const a of agents.filter((_, i) => i % 10 === 0)) {
    const res = await fetch(poll, { method: 'POST', headers: { authorization: `Device ${a.credential}`, 'content-type': 'application/json' }, body: '{}' })
    for (const task of ((await res.json()) as { data?: { tasks: { taskId: string }[] } }).data?.tasks ?? []) received.set(task.taskId, (received.get(task.taskId) ?? 0) + 1)
  }
  const seconds = (Date.now() - started) / 1000
  const cpu = (cpuSeconds(pid) - cpuStart) / seconds
  const lost = queued.filter((id) => !received.has(id)).length
  const twice = [...received.values()].filter((n) => n > 1).length
  const [{ pending }] = rowsOf<{ pending: number }>(await db.execute(sql`select count(*)::int as pending from tasks where status in ('QUEUED')`))
  const p = percentiles(latencies)
  const n = agents.length.toLocaleString('en')
  return [
    latencyFigure(`${n} agents polling every ${pollSeconds} s: poll latency`, p, 20, `${failures} failed polls`),
    { figure: `${n} agents: polls per second held`, target: `${(agents.length / pollSeconds).toFixed(0)} /s offered`, measured: `${(latencies.length / seconds).toFixed(0)} /s over ${seconds.toFixed(0)} s`, value: latencies.length / seconds, pass: null },
    { figure: `${n} agents: server CPU`, target: '—', measured: `${(cpu * 100).toFixed(0)} % of one core`, value: cpu, pass: null },
    {
      figure: `${n} agents: commands delivered exactly once`,
      target: 'all, once',
      measured: `${queued.length} queued · ${queued.length - lost} delivered · ${lost} lost · ${twice} twice · ${pending} still queued`,
      value: lost + twice,
      pass: lost === 0 && twice === 0,
    },
  ]
}

export async function queueScale(options: { finishedTasks: number; agentCounts: number[]; pollSeconds: number; windowSeconds: number }): Promise<BenchResult> {
  const started = performance.now()
  const pg = startPostgres(55434)
  const figures: Figure[] = []
  try {
    const database = await openDatabase(pg.url)
    const db = database.db
    const demo = await seedDemo(db)
    const maxAgents = Math.max(...options.agentCounts)
    const agents = await seedAgents(db, demo.bossCompanyId, Math.max(maxAgents, 1000))
    const tasks = new TaskService(db, createSecretBox(randomBytes(32)))
    const before = await claimCost(tasks, agents, demo.bossCompanyId, 0)
    figures.push(latencyFigure('claim, no finished tasks in the table', before, null))
    const seedStart = performance.now()
    await db.execute(sql`
      insert into tasks (task_id, device_id, company_id, type, status, created_at, sent_at, finished_at)
      select 'done-' || g, ${agents[0].id} + (g % ${agents.length}), ${demo.bossCompanyId}, 'check', 'DONE',
             now() - make_interval(secs => g / 100.0), now() - make_interval(secs => g / 100.0), now() - make_interval(secs => g / 100.0)
      from generate_series(1, ${options.finishedTasks}) as g`)
    await db.execute(sql`vacuum analyze tasks`)
    const seeded = (performance.now() - seedStart) / 1000
    const after = await claimCost(tasks, agents, demo.bossCompanyId, 500)
    const ratio = after.p95 / before.p95
    figures.push(latencyFigure(`claim, ${options.finishedTasks.toLocaleString('en')} finished tasks in the table (seeded in ${seeded.toFixed(0)} s)`, after, null))
    figures.push({ figure: 'claim p95 with finished tasks ÷ without', target: '≤ 1.5 (the same cost)', measured: ratio.toFixed(2), value: ratio, pass: ratio <= 1.5 })
    await database.close()

    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/serve.ts'], { env: { ...process.env, DATABASE_URL: pg.url }, stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const line = chunk.toString().split('\n').find((l) => l.startsWith('{"url"'))
          if (line) resolve(JSON.parse(line).url)
        })
        child.on('exit', (code) => reject(new Error(`server exited ${code}`)))
      })
      const load = await openDatabase(pg.url)
      const loadTasks = new TaskService(load.db, createSecretBox(randomBytes(32)))
      for (const n of options.agentCounts) {
        figures.push(...(await pollLoad(url, load.db, loadTasks, demo.bossCompanyId, agents.slice(0, n), child.pid!, options.pollSeconds, options.windowSeconds)))
      }
      await load.close()
    } finally {
      child.kill('SIGTERM')
    }
  } finally {
    pg.stop()
  }
  return { name: 'queue', title: 'Device protocols at scale (PostgreSQL)', figures, seconds: (performance.now() - started) / 1000 }
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const result = await queueScale({ finishedTasks: Number(process.argv[2] ?? 1_000_000), agentCounts: (process.argv[3] ?? '1000').split(',').map(Number), pollSeconds: Number(process.argv[4] ?? 30), windowSeconds: Number(process.argv[5] ?? 40) })
  for (const f of result.figures) console.log(`${f.pass === false ? '✗' : '·'} ${f.figure}: ${f.measured}${f.note ? ` (${f.note})` : ''}`)
  process.exit(0)
}
