import { eq } from 'drizzle-orm'
import { errorMessages } from '../../shared/messages/common'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { ApiError } from '../http/errors'

/**
 * Refuses a username an account already has (registration, staff, companies, approval). The unique index on
 * users.username still decides a race; this answers the common case before any costly hashing.
 */
export async function assertUsernameFree(db: Pick<Db, 'select'>, username: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1)
  if (taken) throw ApiError.conflict(errorMessages.usernameTaken)
}
