import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/client'

const newFolder = () => path.join(mkdtempSync(path.join(tmpdir(), 'mdm-lock-')), 'data')
const ours = `${process.pid}@${hostname()}`

/**
 * Issue #10: a PGlite folder is never opened twice (two openers corrupt it). Opening a new folder creates and migrates
 * a database in WebAssembly: 15-18 s for a test here beside the other files, which the suite's 20 s did not cover.
 */
describe('the PGlite data folder lock', { timeout: 60_000 }, () => {
  it('refuses a second opening of a folder with a message naming it, and frees the folder on close', async () => {
    const folder = newFolder()
    const first = await openDatabase(folder)
    try {
      expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(ours)
      await expect(openDatabase(`file://${folder}`)).rejects.toThrow(
        `数据目录 ${folder} 已被另一个进程（pid ${process.pid} @ ${hostname()}）打开，同一目录不能由两个进程同时使用。The PGlite data folder ${folder} is already open in process pid ${process.pid}`,
      )
      // The refused opener did not take the lock away from the first.
      expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(ours)
      await first.db.execute(sql`select 1`)
    } finally {
      await first.close()
    }
    expect(existsSync(`${folder}.lock`)).toBe(false)
    const again = await openDatabase(folder)
    await again.close()
  })

  it('takes over the lock of a process that died, and that of an earlier run that had our pid', async () => {
    // One folder: opening an existing folder is quick, a new one is not (TOOLCHAIN.md).
    const folder = newFolder()
    for (const stale of [`${spawnSync(process.execPath, ['-e', '']).pid}@${hostname()}`, ours]) {
      writeFileSync(`${folder}.lock`, stale)
      const database = await openDatabase(folder)
      expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(ours)
      await database.close()
    }
  })

  it('respects a lock held on another host (a shared volume), saying how to clear it', async () => {
    const folder = newFolder()
    writeFileSync(`${folder}.lock`, '4242@other-host')
    await expect(openDatabase(folder)).rejects.toThrow(`pid 4242 @ other-host`)
    await expect(openDatabase(folder)).rejects.toThrow(`${folder}.lock`)
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe('4242@other-host')
  })
})
