import pg from 'pg'
import { cacheable, inlineLimits, STATEMENTS_KEPT } from './pglite-statements'

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
  #names = new Map<string, string>()
  #named = 0
  #kept = STATEMENTS_KEPT

  /** How many statements are kept (tests set a small number to see them deallocated). */
  keepStatements(n: number): void {
    this.#kept = n
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
    if (name) {
      // Most recently used last, so that the first is the one to deallocate.
      this.#names.delete(statement.text)
    } else {
      name = `mdm_s${++this.#named}`
      while (this.#names.size >= this.#kept) this.#deallocate(this.#names)
    }
    this.#names.set(statement.text, name)
    return plain.call(this, { ...c, name, text: statement.text, values: undefined }, statement.params, callback) as never
  }

  /**
   * Forgets the least recently used statement. Only one the server has parsed is deallocated (a DEALLOCATE that fails
   * would abort a transaction the connection is in); one whose parse failed or is still under way is only forgotten.
   */
  #deallocate(names: Map<string, string>): void {
    const [text, name] = names.entries().next().value!
    names.delete(text)
    const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements
    if (parsed[name] === undefined) return
    delete parsed[name]
    ;((super.query as unknown as AnyQuery).call(this, `deallocate ${name}`) as Promise<unknown>).catch(() => undefined)
  }
}
