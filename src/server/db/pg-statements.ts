import pg from 'pg'
import { Lru } from '../cache/lru'
import { cacheable, inlineLimits, STATEMENTS_KEPT } from './statement-text'

type QueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown } & Record<string, unknown>
type AnyQuery = (this: pg.Client, ...args: unknown[]) => unknown

/**
 * A PostgreSQL connection whose reads run as named statements (issue #16), as the embedded database's do
 * (StatementCachingPGlite): drizzle sends every query unnamed, so PostgreSQL parsed and planned each one afresh —
 * ~0.25 ms to parse and ~1 ms to plan a device list, more than running it (page 5,000 of a million devices: 0.5 ms).
 * A read (cacheable) gets one name per text on this connection, its LIMIT and OFFSET written in (inlineLimits), so
 * PostgreSQL's plan cache decides as for any driver that prepares: custom plans for the first runs, then the generic
 * plan when it costs no more. At most STATEMENTS_KEPT per connection; the least recently used is deallocated.
 * Anything else (writes, queries already named) goes as before.
 */
export class StatementNamingClient extends pg.Client {
  #names = new Lru<string, string>(STATEMENTS_KEPT)
  #named = 0

  /** How many statements are kept (tests set a small number to see them deallocated). */
  keepStatements(n: number): void {
    this.#names.limit = n
  }

  override query(...args: unknown[]): never {
    const [config] = args
    // query(config, values, callback) or query(config, callback): the pool passes a callback.
    const [values, callback] = typeof args[1] === 'function' ? [undefined, args[1]] : [args[1], args[2]]
    const plain = super.query as unknown as AnyQuery
    // A text with values (the extended protocol: one statement), or a query object not named already. A text alone may
    // hold several statements (the simple protocol) and goes as before.
    const c = (typeof config === 'string' ? { text: config } : config) as QueryConfig
    const named =
      typeof config === 'string' ? Array.isArray(values) : typeof config === 'object' && config !== null && typeof c.text === 'string' && c.name === undefined && c.submit === undefined
    if (!named || !cacheable(c.text)) return plain.apply(this, args) as never
    const statement = inlineLimits(c.text, (values ?? c.values ?? []) as unknown[])
    let name = this.#names.get(statement.text)
    if (!name) {
      name = `mdm_s${++this.#named}`
      for (const [, dropped] of this.#names.set(statement.text, name)) this.#deallocate(dropped)
    }
    const run = { ...c, name, text: statement.text, values: undefined }
    const forget = (err: unknown) => this.#forget(statement.text, name, err)
    if (typeof callback === 'function') {
      return plain.call(this, run, statement.params, (err: unknown, result: unknown) => {
        if (err) forget(err)
        ;(callback as (err: unknown, result: unknown) => void)(err, result)
      }) as never
    }
    return (plain.call(this, run, statement.params) as Promise<unknown>).catch((err: unknown) => {
      forget(err)
      throw err
    }) as never
  }

  #parsed(): Record<string, string> {
    return (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements
  }

  /**
   * After a failed run: a statement the server no longer holds (26000), or one the driver closed after a failure of
   * its own before sending (a value it could not convert: no code), is parsed again next time, under a new name. Any
   * other error (bad input, a conflict) left the statement as it was.
   */
  #forget(text: string, name: string, err: unknown): void {
    const code = (err as { code?: unknown } | null)?.code
    if (code !== undefined && code !== '26000') return
    if (this.#names.get(text) === name) this.#names.delete(text)
    delete this.#parsed()[name]
  }

  /**
   * A statement no longer kept. Only one the server has parsed is deallocated (a DEALLOCATE that fails would abort a
   * transaction the connection is in); one whose parse failed or is still under way is only forgotten.
   */
  #deallocate(name: string): void {
    const parsed = this.#parsed()
    if (parsed[name] === undefined) return
    // Marked unparsed once the server has let it go (names are never used again, so nothing waits for this).
    ;((super.query as unknown as AnyQuery).call(this, `deallocate ${name}`) as Promise<unknown>).then(
      () => delete parsed[name],
      () => undefined,
    )
  }
}
