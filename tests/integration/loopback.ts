import { request } from 'node:http'
import { afterAll, beforeAll } from 'vitest'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'

/**
 * The attack tests' server (issue #41): a real one listening on 127.0.0.1 with the demo's accounts and no simulated
 * phones, and real HTTP requests to it from source addresses of the test's choosing (127.0.0.x: every address of 127/8
 * is this machine's, and the server sees each as a client of its own). One per test file, started before its tests.
 */
export interface LoopbackAnswer {
  status: number
  body: { code: number; msg: string; data: any }
}

export function loopbackServer() {
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  let lastAddress = 10
  beforeAll(async () => {
    server = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: true, demoDevices: false }))
  }, 60_000)
  afterAll(() => server?.stop())

  const running = () => {
    if (!server) throw new Error('loopbackServer: the server is not started yet (use it inside a test)')
    return server
  }

  /** One request on a new connection (nothing queued behind another on a kept-alive socket): its status and text. */
  function raw(from: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: running().port, localAddress: from, method, path, agent: false, headers }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  return {
    /** The running server (its services, for what the tests read behind the answers). */
    get server() {
      return running()
    },
    /** A source address no other test of this file uses. */
    freshAddress: () => `127.0.0.${++lastAddress}`,
    raw,
    /** A JSON request answered with the envelope. */
    async send(from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<LoopbackAnswer> {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const answer = await raw(from, method, path, payload, { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers })
      return { status: answer.status, body: JSON.parse(answer.text) }
    },
  }
}
