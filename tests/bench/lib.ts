/**
 * What every benchmark of `npm run bench` shares (issue #16): timing loops bounded in count and time, percentiles,
 * a throw-away PostgreSQL cluster on loopback, and the results each benchmark reports.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { chownSync, copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** One figure of a benchmark: what was measured, its target, and whether it met it. */
export interface Figure {
  figure: string
  target: string
  measured: string
  pass: boolean | null
  /** The raw number behind `measured` (ms, KB, …) for the JSON. */
  value?: number
  note?: string
}

export interface BenchResult {
  name: string
  title: string
  figures: Figure[]
  seconds: number
  /** Why the benchmark did not run (a missing package), instead of figures. */
  skipped?: string
}

export interface Percentiles {
  n: number
  p50: number
  p95: number
  p99: number
  max: number
}

export function percentiles(samples: number[]): Percentiles {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s[s.length - 1] ?? NaN }
}

/**
 * The middle item of `items` by `value` (the run a figure reports: Lighthouse's, an offline open's); of an even count,
 * the worse of the middle two, so that a figure is never flattered by the count of runs.
 */
export function medianBy<T>(items: readonly T[], value: (item: T) => number, better: 'lower' | 'higher'): T {
  if (!items.length) throw new Error('a median of no runs')
  const worstFirst = [...items].sort((a, b) => (better === 'lower' ? value(b) - value(a) : value(a) - value(b)))
  return worstFirst[Math.floor((items.length - 1) / 2)]
}

/** Runs `fn` `count` times (after `warmup` unmeasured runs), stopping early after `maxMs`; answers the times in ms. */
export async function timeRuns(fn: (i: number) => Promise<unknown>, { count = 200, warmup = 10, maxMs = 20_000 } = {}): Promise<Percentiles> {
  for (let i = 0; i < warmup; i++) await fn(i)
  const samples: number[] = []
  const end = performance.now() + maxMs
  for (let i = 0; i < count && performance.now() < end; i++) {
    const start = performance.now()
    await fn(i)
    samples.push(performance.now() - start)
  }
  return percentiles(samples)
}

export const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`

/** A latency figure against "p95 < target". */
export function latencyFigure(figure: string, p: Percentiles, targetMs: number | null, note?: string): Figure {
  return {
    figure,
    target: targetMs === null ? '—' : `p95 < ${targetMs} ms`,
    measured: `p50 ${ms(p.p50)} · p95 ${ms(p.p95)} · p99 ${ms(p.p99)} (n=${p.n})`,
    value: p.p95,
    pass: targetMs === null ? null : p.p95 < targetMs,
    note,
  }
}

/** Where Debian keeps the newest PostgreSQL's programs, or null when the package is not installed. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
  versions.sort((a, b) => Number(a) - Number(b))
  return versions.length ? path.join(root, versions[versions.length - 1], 'bin') : null
}

/**
 * A throw-away PostgreSQL cluster on loopback (as .ci/run makes one), tuned for a benchmark that may lose its data:
 * no fsync. initdb refuses root, so as root the cluster belongs to the postgres user.
 */
export function startPostgres(port = 55433): { url: string; dataDir: string; stop(): void } {
  const bin = postgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)')
  const dir = mkdtempSync(path.join(tmpdir(), 'mdm-bench-pg.'))
  const root = process.getuid?.() === 0
  const as = (cmd: string, args: string[]) => (root ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' }))
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()))
  as('initdb', ['-D', path.join(dir, 'data'), '--auth=trust', '-U', 'postgres'])
  // MDM_BENCH_PG_STATS=1: PostgreSQL counts its statements (pg_stat_statements), which a bench prints (topStatements).
  // MDM_BENCH_PG_EXPLAIN=<ms>: statements slower than that are logged with their plans (auto_explain), in the log that
  // stop() then copies to /tmp/mdm-bench-pg.log.
  const libraries = [process.env.MDM_BENCH_PG_STATS ? 'pg_stat_statements' : '', process.env.MDM_BENCH_PG_EXPLAIN ? 'auto_explain' : ''].filter(Boolean)
  const stats = [
    libraries.length ? ` -c shared_preload_libraries=${libraries.join(',')}` : '',
    process.env.MDM_BENCH_PG_STATS ? ' -c pg_stat_statements.track=all' : '',
    process.env.MDM_BENCH_PG_EXPLAIN ? ` -c auto_explain.log_min_duration=${Number(process.env.MDM_BENCH_PG_EXPLAIN)} -c auto_explain.log_nested_statements=on -c auto_explain.log_analyze=on` : '',
  ].join('')
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=512MB -c max_connections=200${stats}`
  as('pg_ctl', ['-D', path.join(dir, 'data'), '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir: path.join(dir, 'data'),
    stop() {
      if (root) spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', path.join(dir, 'data'), '-m', 'immediate', 'stop'], { stdio: 'ignore' })
      else spawnSync(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop'], { stdio: 'ignore' })
      if (process.env.MDM_BENCH_PG_EXPLAIN) copyFileSync(path.join(dir, 'log'), '/tmp/mdm-bench-pg.log')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * With MDM_BENCH_PG_STATS=1, what PostgreSQL spent its time on since it started (the statements of most execution time,
 * with their calls and mean), printed to the console: where a bench's database CPU goes. Otherwise nothing.
 */
export async function topStatements(execute: (query: string) => Promise<unknown>, limit = 12): Promise<void> {
  if (!process.env.MDM_BENCH_PG_STATS) return
  await execute('create extension if not exists pg_stat_statements')
  const result = (await execute(
    `select calls, round(total_exec_time)::int as total_ms, round((total_exec_time / calls)::numeric, 3) as mean_ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
     from pg_stat_statements order by total_exec_time desc limit ${Number(limit)}`,
  )) as { rows: Record<string, unknown>[] }
  console.log('PostgreSQL: statements by total execution time')
  console.table(result.rows)
  const tables = (await execute(
    `select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_dead_tup, autovacuum_count, autoanalyze_count from pg_stat_user_tables order by n_tup_upd + n_tup_ins desc limit 6`,
  )) as { rows: Record<string, unknown>[] }
  console.table(tables.rows)
}

/** With MDM_BENCH_PG_STATS=1, forgets what PostgreSQL counted so far (topStatements then shows what follows). */
export async function resetStatements(execute: (query: string) => Promise<unknown>): Promise<void> {
  if (!process.env.MDM_BENCH_PG_STATS) return
  await execute('create extension if not exists pg_stat_statements')
  await execute('select pg_stat_statements_reset(), pg_stat_reset()')
}

/**
 * One series of a Prometheus text exposition: the value of `name` whose labels include every one of `labels`
 * (summed over the series that match), or 0.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue
    sum += Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return sum
}

/** The markdown table of one benchmark in bench/results.md. */
export function resultTable(r: BenchResult): string {
  const head = `## ${r.title}\n\n`
  if (r.skipped) return `${head}Not run: ${r.skipped}\n`
  const rows = r.figures.map((f) => `| ${f.figure} | ${f.target} | ${f.measured} | ${f.pass === null ? '—' : f.pass ? 'pass' : '**fail**'} | ${f.note ?? ''} |`)
  return `${head}| figure | target | measured | pass | note |\n|---|---|---|---|---|\n${rows.join('\n')}\n\n(${r.seconds.toFixed(0)} s)\n`
}

/**
 * The real server in a process of its own (tests/bench/serve.ts, which reads `env` too) on a seeded database: its CPU and
 * memory are its own, not the load generator's.
 */
export interface ChildServer {
  url: string
  pid: number
  /** Its Prometheus metrics now (GET /metrics with its token); reading them restarts the event-loop delay's window. */
  metrics(): Promise<string>
  /** The server process's resident memory now, in bytes (Linux /proc). */
  rss(): number
  stop(): Promise<void>
}

/**
 * The Node.js flags `npm start` gives the server (package.json's start script: the flags between `node` and the script,
 * but the tsx loader), so that a benchmarked server runs as a deployed one does.
 */
export function serverNodeFlags(): string[] {
  const start = (JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  const words = start.trim().split(/\s+/)
  const script = words.findIndex((w) => w.endsWith('.ts'))
  if (words[0] !== 'node' || script < 0) throw new Error(`package.json's start script is not "node <flags> --import tsx <script>.ts": ${start}`)
  // Every flag between node and the script, but the loader (--import tsx or --import=tsx), which the caller adds.
  const flags = words.slice(1, script).filter((w, i, all) => w !== '--import=tsx' && !(w === '--import' && all[i + 1] === 'tsx') && !(w === 'tsx' && all[i - 1] === '--import'))
  if (flags.some((w) => !w.startsWith('-'))) throw new Error(`package.json's start script has words that are not Node.js flags before its script: ${start}`)
  return flags
}

export async function spawnServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildServer> {
  // MDM_BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (what a figure is made of).
  const profile = process.env.MDM_BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.MDM_BENCH_CPU_PROF}`] : []
  // MDM_BENCH_NODE_FLAGS="…": other flags instead of npm start's, to compare (an empty value: none).
  const flags = process.env.MDM_BENCH_NODE_FLAGS !== undefined ? process.env.MDM_BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean) : serverNodeFlags()
  // Its /metrics, read by the bench (serverMetrics): what the server itself measured, apart from the client's view.
  const metricsToken = randomBytes(16).toString('hex')
  const child = spawn(process.execPath, [...flags, ...profile, '--import', 'tsx', path.join(import.meta.dirname, 'serve.ts')], {
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, MDM_METRICS_TOKEN: metricsToken },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // A benchmark that dies (an uncaught error) takes its server with it: one left running polls its demo devices and
  // skews every later measurement on the machine.
  const orphan = () => child.kill('SIGKILL')
  process.once('exit', orphan)
  void exited.then(() => process.off('exit', orphan))
  const url = await new Promise<string>((resolve, reject) => {
    let seen = ''
    const read = (chunk: Buffer) => {
      seen += chunk.toString()
      const line = seen.split('\n').find((l) => l.startsWith('{"url"'))
      if (!line) return
      // From now on the server's log (a line per request) is read and dropped. Kept, and searched again at every chunk,
      // it cost this process more and more CPU, so that it read the pipe late; a full pipe blocks the server's next
      // log line (stdout to a pipe is synchronous), which was the 10,000 iPhones' p95 tail (issue #44).
      child.stdout.off('data', read)
      child.stdout.resume()
      resolve(JSON.parse(line).url)
    }
    child.stdout.on('data', read)
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)))
  })
  return {
    url,
    pid: child.pid!,
    metrics: async () => {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      if (!res.ok) throw new Error(`/metrics answered ${res.status}`)
      return res.text()
    },
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * One request over node:http with a keep-alive agent, answering the status and the whole body. The load generator
 * (queue-load.ts) and the server-at-scale client both use it: fetch (undici) cost ~1 ms of CPU per request on the same
 * two cores as the server (a signed-in GET answered in 2.8 ms by fetch took 1.3 ms this way). Bounded, so that a
 * saturated server cannot stretch a measurement: a request unanswered after 10 s fails.
 */
export function keepAliveRequest(
  agent: http.Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: Buffer<ArrayBuffer> }> {
  return new Promise((resolve, reject) => {
    const headers = init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) }
    const req = http.request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')))
    req.end(init.body)
  })
}

/** GETs on one keep-alive connection to `baseUrl`, answering the body as text; any status but 200 throws. */
export function keepAliveGetter(baseUrl: string, headers: Record<string, string>): (pathAndQuery: string) => Promise<string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  return async (pathAndQuery) => {
    const res = await keepAliveRequest(agent, `${baseUrl}${pathAndQuery}`, { headers })
    const body = res.body.toString('utf8')
    if (res.status !== 200) throw new Error(`${pathAndQuery} ${res.status} ${body.slice(0, 200)}`)
    return body
  }
}

/**
 * Runs every case in turn until `seconds` have passed: a server that has answered for a while, as one in service has.
 * PGlite runs in WebAssembly, which V8 compiles in tiers: a function is optimised once it has run often, so a server's
 * first few thousand statements are slower than the rest (the list's statement ran in 6 ms right after start-up,
 * 1 ms once warm, on this machine).
 */
export async function warmUp(cases: ((i: number) => Promise<unknown>)[], seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000
  let runs = 0
  for (let i = 0; performance.now() < end; i++) {
    for (const run of cases) {
      await run(i)
      runs++
    }
  }
  return runs
}

/**
 * Waits, at most `maxMs`, until the machine is quiet (90 % of its CPU time idle or waiting for the disk over a second):
 * what one benchmark started (Chromium and its renderers, a server, PostgreSQL) has wound down before the next one
 * seeds or measures, and within a benchmark, a seed's writes or a new browser window's own start before a figure is
 * taken. Answers the seconds waited, and says so on the console when the machine never went quiet (the figure that
 * follows was taken on a busy machine); without /proc (not Linux) it does not wait.
 */
export async function quiet(maxMs = 30_000): Promise<number> {
  if (!existsSync('/proc/stat')) return 0
  const cpu = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    return { idle: fields[3] + fields[4], total: fields.reduce((a, b) => a + b, 0) }
  }
  const started = performance.now()
  while (performance.now() - started < maxMs) {
    const before = cpu()
    await new Promise((r) => setTimeout(r, 1000))
    const after = cpu()
    if ((after.idle - before.idle) / Math.max(1, after.total - before.total) >= 0.9) return (performance.now() - started) / 1000
  }
  console.warn(`the machine was not quiet within ${Math.round(maxMs / 1000)} s: what follows is measured on a busy machine`)
  return (performance.now() - started) / 1000
}
