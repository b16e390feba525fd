import { afterAll, beforeAll, inject } from 'vitest'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'
import { serveFileFrom, taskTimeouts } from './browser'

/**
 * Setup of every browser test file: the real server (in-memory database, demo tenant with its simulated phones, fixed
 * captcha) of this file alone. No file sees what another did to the demo tenant, so the files run side by side with
 * the rest of the suite instead of one after another at its end.
 */
let server: Awaited<ReturnType<typeof startServer>> | undefined

beforeAll(async () => {
  // Tasks time out after seconds instead of a day (browser.ts: taskTimeouts), so tests can watch them end.
  server = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: true, distDir: inject('distDir'), taskTimeouts: taskTimeouts() }))
  serveFileFrom(server.url, server.services, server.demoAbm)
})

afterAll(async () => {
  await server?.stop()
})
