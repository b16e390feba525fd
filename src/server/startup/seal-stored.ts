import { and, eq, inArray, isNotNull, not, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accessKeys, tasks } from '../db/schema'
import { secretResults } from '../modules/task/service'
import type { SecretBox } from '../crypto/secret-box'

/**
 * Seals what was stored in plain before sealing existed — access secrets and lock-passcode results — so that an
 * older database, once upgraded, no longer gives them away either. Runs at start; a second run finds nothing.
 */
export async function sealStoredSecrets(db: Db, secrets: SecretBox): Promise<{ accessKeys: number; taskResults: number }> {
  const plainKeys = await db
    .select({ id: accessKeys.id, secret: accessKeys.accessSecret })
    .from(accessKeys)
    .where(and(isNotNull(accessKeys.accessSecret), not(sql`${accessKeys.accessSecret} like 'v1.%'`)))
  for (const key of plainKeys) await db.update(accessKeys).set({ accessSecret: secrets.seal(key.secret!) }).where(eq(accessKeys.id, key.id))
  const plainResults = await db
    .select({ id: tasks.id, result: tasks.result })
    .from(tasks)
    .where(and(inArray(tasks.type, [...secretResults]), isNotNull(tasks.result), not(sql`${tasks.result} ? 'sealed'`)))
  for (const task of plainResults) {
    await db.update(tasks).set({ result: { sealed: secrets.seal(JSON.stringify(task.result)) } }).where(eq(tasks.id, task.id))
  }
  return { accessKeys: plainKeys.length, taskResults: plainResults.length }
}
