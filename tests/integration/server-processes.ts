import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
// tsx's (and Vite's) own esbuild: the same compiler tsx runs the server with.
import { build } from 'esbuild'
import { processAlive } from '../../src/server/db/client'

// The real server as child processes (restart.test.ts, rolling-restart.test.ts): start, call, sign in.

/**
 * Temporary data folders, removed as the worker process exits. Integration files share their worker's modules
 * (vite.config.ts: isolate false), so this module is imported once per worker: an afterAll registered at its import ran
 * after the worker's first file only, and removed the compiled server under the files after it.
 */
export const folders: string[] = []
process.once('exit', () => folders.forEach((f) => rmSync(f, { recursive: true, force: true })))

/**
 * fixtures/server-process.ts compiled once into one file, which each child runs with plain node: under `--import tsx`
 * every start compiled the server's ~200 modules again (~4 s of CPU a start, ~1.3 s so). Packages stay outside the
 * bundle (it lies under node_modules/.cache, so node finds them); import.meta.url is the database client's, the one
 * module whose files (the migrations) are found from it.
 */
let bundled: Promise<string> | undefined
async function serverScript(): Promise<string> {
  // Compiled once per worker process and kept for its life (removed as it exits), not per file: a later file of the
  // worker found the first file's copy removed by its afterAll and started nothing (first-start.test.ts, 1 s).
  const compiled = bundled && (await bundled.catch(() => undefined))
  if (compiled && existsSync(compiled)) return compiled
  bundled = (async () => {
    const dir = path.join(import.meta.dirname, '../../node_modules/.cache/mdm-server-process')
    mkdirSync(dir, { recursive: true })
    // Copies of workers that ended without their exit handler (a worker may be killed): named by their process id.
    for (const name of readdirSync(dir)) if (!processAlive(Number(name.split('-')[0]))) rmSync(path.join(dir, name), { force: true })
    const outfile = path.join(dir, `${process.pid}-${randomBytes(4).toString('hex')}.mjs`)
    process.once('exit', () => rmSync(outfile, { force: true }))
    await build({
      entryPoints: [path.join(import.meta.dirname, 'fixtures/server-process.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../../src/server/db/client.ts')).href) },
      logLevel: 'warning',
    })
    return outfile
  })()
  return bundled
}

export async function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [await serverScript()], {
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', MDM_DEMO: 'off', MDM_CAPTCHA_ANSWER: 'test', MDM_ADMIN_PASSWORD: 'Restart@2026', MDM_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => {
      // Not left running (holding its database) when it did not start in time.
      child.kill('SIGKILL')
      reject(new Error(`server did not start: ${out}`))
    }, 45_000)
    const read = (chunk: Buffer) => {
      out += chunk.toString()
      const url = /http:\/\/localhost:\d+/.exec(out)?.[0]
      if (url) {
        clearTimeout(timer)
        resolve({ child, url })
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()))
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)))
  })
}

export async function call(url: string, method: string, route: string, body?: unknown, auth?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (auth) headers.authorization = auth
  const res = await fetch(url + route, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { code: number; msg: string; data: any }
  if (json.code !== 200) throw new Error(`${method} ${route}: ${json.msg}`)
  return json.data
}

export async function signIn(url: string, username: string, password: string) {
  const captcha = await call(url, 'GET', '/mdm/api/v1/captcha')
  const { token } = await call(url, 'POST', '/mdm/api/v1/login', { username, password, captcha: 'test', captchaId: captcha.id })
  return `Bearer ${token}`
}

