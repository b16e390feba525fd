import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { log } from './log'

/** Files whose change makes the built console stale. */
const SOURCES = ['src/app', 'src/build', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json']

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), st.mtimeMs)
}

/** Builds the console with Vite when dist is missing or older than its sources. */
export function ensureConsoleBuilt(root = process.cwd(), distDir = 'dist'): void {
  // resolve, not join: an absolute distDir (MDM_DIST_DIR=/srv/console) is that folder, not one under root.
  const stamp = path.resolve(root, distDir, 'index.html')
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
  if (built > newest) return
  log.info(built ? '控制台源码已更新，正在重新构建…' : '正在构建控制台…')
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    // A production build even when called from a test runner (vitest sets NODE_ENV=test, which would
    // otherwise bundle React's development build and leave import.meta.env.PROD false).
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error('控制台构建失败，请查看上方的构建日志')
}
