import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SessionService } from '../../src/server/auth/sessions'
import { openDatabase } from '../../src/server/db/client'
import { users } from '../../src/server/db/schema'
import { seedDemo } from '../../src/server/demo/seed'
import { harnessForFile } from './harness'

/**
 * On the embedded database a resolved session is kept in memory (issue #16) and dropped by migration 0017's notice of
 * any change to sessions, accounts, companies or roles. Every change here is made in plain SQL, behind the services'
 * back, so that what drops the kept session is the database's notice and nothing the services do.
 */
const h = harnessForFile()

describe('sessions kept by the embedded database’s server', () => {
  const info = (token: string) => h.call('POST', '/userCenter/info', { token })

  it('ends a kept session when the account, its company or the session itself changes in the database', async () => {
    const demoUser = async () => (await h.services.db.execute(sql`select id, company_id from users where username = 'demo'`)) as unknown as { rows: { id: number; company_id: number }[] }
    const { id, company_id: companyId } = (await demoUser()).rows[0]

    let token = await h.login('demo')
    expect((await info(token)).body.code).toBe(200)
    expect((await info(token)).body.code).toBe(200) // now kept
    await h.services.db.execute(sql`update users set available = false where id = ${id}`)
    expect((await info(token)).status).toBe(401)
    await h.services.db.execute(sql`update users set available = true where id = ${id}`)

    token = await h.login('demo')
    expect((await info(token)).body.code).toBe(200)
    await h.services.db.execute(sql`update companies set available = false where id = ${companyId}`)
    expect((await info(token)).status).toBe(401)
    await h.services.db.execute(sql`update companies set available = true where id = ${companyId}`)

    token = await h.login('demo')
    expect((await info(token)).body.code).toBe(200)
    await h.services.db.execute(sql`update sessions set revoked_at = now()`)
    expect((await info(token)).status).toBe(401)
  })

  it('narrows a kept staff session at once when its role loses an authority', async () => {
    const token = await h.login('demo-staff')
    const before = await info(token)
    expect(before.body.code).toBe(200)
    const held: string[] = before.body.data.authorityList
    expect(held.length).toBeGreaterThan(0)
    await h.services.db.execute(sql`update roles set authorities = '[]'::jsonb where id = (select role_id from users where username = 'demo-staff')`)
    const after = await info(token)
    expect(after.body.code).toBe(200)
    expect(after.body.data.authorityList.length).toBeLessThan(held.length)
  })

  it('does not keep what it read before a change that committed while it was resolving, nor a session past its expiry', async () => {
    const database = await openDatabase('memory://')
    try {
      const demo = await seedDemo(database.db)
      let clock = Date.now()
      const service = new SessionService(database.db, 60_000, () => clock)
      const token = await service.create(demo.bossId)
      // The account is disabled after a resolve read it and before that resolve could keep it (the statement is
      // wrapped so that the change commits exactly there): the resolve may answer what it read, but must not keep it.
      const statement = (service as unknown as { sessionAccount: { execute: (v: unknown) => Promise<unknown> } }).sessionAccount
      const execute = statement.execute.bind(statement)
      let reads = 0
      statement.execute = async (values) => {
        reads++
        const read = await execute(values)
        if (reads === 1) await database.db.update(users).set({ available: false }).where(sql`${users.id} = ${demo.bossId}`)
        return read
      }
      expect(await service.resolve(token)).not.toBeNull()
      expect(await service.resolve(token)).toBeNull()
      await database.db.update(users).set({ available: true }).where(sql`${users.id} = ${demo.bossId}`)
      expect(await service.resolve(token)).not.toBeNull()
      const readsBefore = reads
      expect(await service.resolve(token)).not.toBeNull()
      expect(reads).toBe(readsBefore) // kept: not read again
      clock += 60_001
      expect(await service.resolve(token)).toBeNull()
    } finally {
      await database.close()
    }
  })
})
