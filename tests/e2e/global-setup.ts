import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { ensureConsoleBuilt } from '../../src/server/console-build'
import { CHROMIUM_PATH } from './browser'

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string
  }
}

/**
 * Builds the console if stale, once for every browser test file (each file serves it from a server of its own:
 * file-server.ts). Chromium is required: the suite fails rather than skips without it (issue #2).
 */
export default function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`浏览器测试需要 Chromium（${CHROMIUM_PATH}）：请运行 apt-get install -y chromium`)
  }
  // MDM_E2E_DIST lets two checkouts' suites build side by side without emptying each other's dist.
  const distDir = process.env.MDM_E2E_DIST ?? 'dist'
  ensureConsoleBuilt(process.cwd(), distDir)
  project.provide('distDir', distDir)
}
