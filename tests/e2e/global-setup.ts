import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { testConfig } from '../../src/server/config'
import { ensureConsoleBuilt } from '../../src/server/console-build'
import { startServer } from '../../src/server/main'
import { CHROMIUM_PATH } from './browser'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

/**
 * Builds the console if stale and starts the real server (in-memory database, demo tenant, fixed captcha).
 * Chromium is required: the suite fails rather than skips without it (issue #2).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`浏览器测试需要 Chromium（${CHROMIUM_PATH}）：请运行 apt-get install -y chromium`)
  }
  // MDM_E2E_DIST lets two checkouts' suites build side by side without emptying each other's dist.
  const distDir = process.env.MDM_E2E_DIST ?? 'dist'
  ensureConsoleBuilt(process.cwd(), distDir)
  // A task for a phone that never polls times out after 20 s instead of a day, so tests can watch it end.
  const taskTimeouts = { resultMs: 20_000, queueMs: 20_000 }
  const server = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: true, distDir, taskTimeouts }))
  project.provide('baseURL', server.url)
  return () => server.stop()
}
