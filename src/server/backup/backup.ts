import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pgliteOptions } from '../db/client'
import { backupText as t } from '../../shared/messages/server'
import type { AppConfig } from '../config'

/**
 * Files the database needs besides itself, copied next to each backup and back on restore. Without the secret key
 * the stored access secrets cannot be opened. The Apple CA files join this list when they exist.
 */
export function companionFiles(config: Pick<AppConfig, 'secretKey' | 'secretKeyFile'>): { name: string; path: string }[] {
  const files: { name: string; path: string }[] = []
  // A key given in MDM_SECRET_KEY lives in the environment, not in a file: the operator keeps it.
  if (!config.secretKey) files.push({ name: 'secret.key', path: config.secretKeyFile })
  return files
}

/**
 * Lock files a running server leaves in the data folder: PGlite's folder must never be opened by two processes, so
 * neither backup nor restore runs while one exists. (The server's own lock file is added here by name.)
 */
export const SERVER_LOCK_FILES = ['mdm-server.lock', 'server.lock', 'postmaster.pid'] as const

export class BackupError extends Error {}

/** The PGlite folder of a configuration, or a refusal for in-memory and PostgreSQL databases. */
export function dataDirOf(databaseUrl: string | undefined): string {
  if (databaseUrl === 'memory://' || (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl))) throw new BackupError(t.notPglite)
  return path.resolve(databaseUrl?.replace(/^file:\/\//, '') || './data')
}

function assertNotInUse(dataDir: string) {
  for (const name of SERVER_LOCK_FILES) {
    const lock = path.join(dataDir, name)
    if (existsSync(lock)) throw new BackupError(t.inUse(lock))
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

/** 2026-11-23T09:30:05.123Z → 20261123-093005 (UTC), sortable and safe in a file name. */
export function timestamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-')
}

/**
 * npm run backup: the whole PGlite folder as one gzip tarball (PGlite's dumpDataDir), backups/mdm-<time>.tar.gz,
 * with the companion files in backups/mdm-<time>.files/. The folder must not be in use by a server.
 */
export async function backup(options: { dataDir: string; outDir: string; files: { name: string; path: string }[]; now?: Date }): Promise<{ archive: string; files: string[] }> {
  const { dataDir, outDir } = options
  if (isEmptyDir(dataDir)) throw new BackupError(t.dataDirMissing(dataDir))
  assertNotInUse(dataDir)
  const base = path.join(outDir, `mdm-${timestamp(options.now ?? new Date())}`)
  mkdirSync(outDir, { recursive: true })
  const db = new PGlite(dataDir, pgliteOptions)
  let dump: Blob
  try {
    // dumpDataDir does not wait for the database to open: without this it waits forever.
    await db.waitReady
    dump = await db.dumpDataDir('gzip')
  } finally {
    await db.close()
  }
  const archive = `${base}.tar.gz`
  writeFileSync(archive, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 })
  const copied: string[] = []
  for (const file of options.files) {
    if (!existsSync(file.path)) continue
    mkdirSync(`${base}.files`, { recursive: true, mode: 0o700 })
    const target = path.join(`${base}.files`, file.name)
    copyFileSync(file.path, target)
    copied.push(target)
  }
  return { archive, files: copied }
}

/**
 * npm run restore: loads a backup into the data folder (which must be empty, or `force`) and puts the companion
 * files back where the configuration expects them (an existing different one is kept unless `force`).
 */
export async function restore(options: { archive: string; dataDir: string; files: { name: string; path: string }[]; force?: boolean }): Promise<{ skipped: string[] }> {
  const { archive, dataDir, force = false } = options
  if (!existsSync(archive)) throw new BackupError(t.archiveMissing(archive))
  if (existsSync(dataDir)) assertNotInUse(dataDir)
  if (!isEmptyDir(dataDir) && !force) throw new BackupError(t.targetNotEmpty(dataDir))
  const companions = archive.replace(/\.tar\.gz$/, '.files')
  // Every file is checked before anything is written, so a refusal leaves everything as it was.
  const planned = options.files.map((file) => ({ ...file, from: path.join(companions, file.name) }))
  for (const file of planned) {
    if (existsSync(file.from) && existsSync(file.path) && !force && !readFileSync(file.from).equals(readFileSync(file.path))) {
      throw new BackupError(t.fileExists(file.path))
    }
  }
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const db = new PGlite(dataDir, { ...pgliteOptions, loadDataDir: new Blob([readFileSync(archive)]) })
  await db.waitReady
  await db.close()
  const skipped: string[] = []
  for (const file of planned) {
    if (!existsSync(file.from)) {
      skipped.push(file.path)
      continue
    }
    mkdirSync(path.dirname(path.resolve(file.path)), { recursive: true, mode: 0o700 })
    copyFileSync(file.from, file.path)
  }
  return { skipped }
}
