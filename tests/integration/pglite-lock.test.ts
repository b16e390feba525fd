import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/client'

/** Issue #10: a PGlite folder is never opened twice (two openers corrupt it). */
describe('the PGlite data folder lock', () => {
  it('refuses a second opening of a folder with a message naming it, and frees the folder on close', async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'mdm-lock-')), 'data')
    const first = await openDatabase(folder)
    try {
      expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid))
      await expect(openDatabase(`file://${folder}`)).rejects.toThrow(
        `数据目录 ${folder} 已被另一个进程（pid ${process.pid}）打开，同一目录不能由两个进程同时使用。The PGlite data folder ${folder} is already open in process ${process.pid}`,
      )
      // The refused opener did not take the lock away from the first.
      expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid))
      await first.db.execute(sql`select 1`)
    } finally {
      await first.close()
    }
    expect(existsSync(`${folder}.lock`)).toBe(false)
    const again = await openDatabase(folder)
    await again.close()
  })

  it('takes over the lock of a process that died', async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'mdm-lock-')), 'data')
    const dead = spawnSync(process.execPath, ['-e', '']).pid!
    writeFileSync(`${folder}.lock`, String(dead))
    const database = await openDatabase(folder)
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid))
    await database.close()
  })
})
