import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { backup, companionFiles, dataDirOf, restore, timestamp } from '../../src/server/backup/backup'
import { openDatabase } from '../../src/server/db/client'
import { companies } from '../../src/server/db/schema'

const root = mkdtempSync(path.join(tmpdir(), 'mdm-backup-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('npm run backup / restore (PGlite)', () => {
  it('backs up a data folder with its key file and restores both into a new place, where the data is found', { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, 'data')
    const database = await openDatabase(dataDir)
    await database.db.insert(companies).values({ name: '备份测试公司' })
    await database.close()
    const keyFile = path.join(root, '.secrets', 'secret.key')
    mkdirSync(path.dirname(keyFile), { recursive: true })
    writeFileSync(keyFile, 'a'.repeat(64) + '\n')
    const files = companionFiles({ secretKey: null, secretKeyFile: keyFile })

    const { archive } = await backup({ dataDir, outDir: path.join(root, 'backups'), files, now: new Date('2026-11-23T09:30:05Z') })
    expect(archive).toBe(path.join(root, 'backups', 'mdm-20261123-093005.tar.gz'))
    expect(readFileSync(archive).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])) // gzip

    // Restored on another machine: another data folder, another key path.
    const restoredDir = path.join(root, 'restored')
    const restoredKey = path.join(root, 'elsewhere', 'secret.key')
    await restore({ archive, dataDir: restoredDir, files: companionFiles({ secretKey: null, secretKeyFile: restoredKey }) })
    expect(readFileSync(restoredKey, 'utf8')).toBe(readFileSync(keyFile, 'utf8'))
    const reopened = await openDatabase(restoredDir)
    try {
      const rows = await reopened.db.select({ name: companies.name }).from(companies)
      expect(rows.map((r) => r.name)).toContain('备份测试公司')
    } finally {
      await reopened.close()
    }

    // A non-empty folder is overwritten only with --force; a different key file is kept without it.
    await expect(restore({ archive, dataDir: restoredDir, files: [] })).rejects.toThrow(/不为空/)
    writeFileSync(restoredKey, 'b'.repeat(64) + '\n')
    const emptyDir = path.join(root, 'empty')
    await expect(restore({ archive, dataDir: emptyDir, files: companionFiles({ secretKey: null, secretKeyFile: restoredKey }) })).rejects.toThrow(/已存在/)
    expect(existsSync(emptyDir)).toBe(false) // refused before anything was written
    await restore({ archive, dataDir: restoredDir, files: companionFiles({ secretKey: null, secretKeyFile: restoredKey }), force: true })
    expect(readFileSync(restoredKey, 'utf8')).toBe(readFileSync(keyFile, 'utf8'))
  })

  it('refuses a folder a running database holds, and databases it cannot dump', { timeout: 60_000 }, async () => {
    const dataDir = path.join(root, 'busy')
    const db = new PGlite(dataDir)
    await db.waitReady
    try {
      await expect(backup({ dataDir, outDir: path.join(root, 'b2'), files: [] })).rejects.toThrow(/正被运行中的服务器使用/)
      await expect(restore({ archive: __filename, dataDir, files: [], force: true })).rejects.toThrow(/正被运行中的服务器使用/)
    } finally {
      await db.close()
    }
    expect(() => dataDirOf('memory://')).toThrow(/pg_dump/)
    expect(() => dataDirOf('postgres://u@h/db')).toThrow(/pg_dump/)
    expect(dataDirOf(undefined)).toBe(path.resolve('data'))
    await expect(backup({ dataDir: path.join(root, 'nothing'), outDir: root, files: [] })).rejects.toThrow(/不存在或为空/)
    expect(companionFiles({ secretKey: Buffer.alloc(32), secretKeyFile: 'x' })).toEqual([])
    expect(timestamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102-030405')
  })
})
