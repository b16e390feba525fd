import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Issue #44: a generated first administrator password goes to a file only its owner reads (0600, in the secrets
 * folder), never to the log, which production ships to a collector. Returns the file's path, which the log names.
 */
export function writeInitialAdminPassword(dir: string, password: string): string {
  mkdirSync(dir, { recursive: true })
  const file = path.resolve(dir, 'initial-admin-password')
  writeFileSync(file, `${password}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return file
}
