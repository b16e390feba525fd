import { parse, PGlite, protocol } from '@electric-sql/pglite'
import { Lru } from '../cache/lru'
import { cacheable, inlineLimits, STATEMENTS_KEPT } from './statement-text'

type QueryOptions = Parameters<PGlite['query']>[2]
type Results<T> = Omit<Awaited<ReturnType<PGlite['query']>>, 'rows'> & { rows: T[] }

const serialize = protocol.serialize

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number]
type Parsers = PGlite['parsers']

/**
 * The one result of a read, as PGlite's parse.parseResults answers it (rows, fields, command, affectedRows, rowCount),
 * without its first step: that merges the caller's parsers into a copy of the database's ~350 on every query, 0.14 of
 * its 0.16 ms for a page of ten devices (issue #16). A value is parsed by the caller's parser for its type, else the
 * database's, else left as text.
 */
export function resultOf<T>(messages: Message[], parsers: Parsers, options?: QueryOptions): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = []
  const rows: unknown[] = []
  const own = options?.parsers
  const value = (text: string | null, type: number) => {
    if (text === null) return null
    const parser = own?.[type] ?? parsers[type]
    return parser ? parser(text, type) : text
  }
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: { name: string; dataTypeID: number }[] }).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
    } else if (message.name === 'dataRow') {
      const texts = (message as unknown as { fields: (string | null)[] }).fields
      if (options?.rowMode === 'array') rows.push(texts.map((t, i) => value(t, fields[i].dataTypeID)))
      else rows.push(Object.fromEntries(texts.map((t, i) => [fields[i].name, value(t, fields[i].dataTypeID)])))
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ')
      const count = parseInt(words[words.length - 1], 10)
      return { rows, fields, command: words[0], affectedRows: 0, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as unknown as Results<T>
    }
  }
  return { rows: [], fields: [], affectedRows: 0 } as unknown as Results<T>
}

/**
 * The embedded database, its reads run as named statements (issue #16). PGlite plans every statement afresh, and in
 * WebAssembly planning a list query (devices with ten indexes, joined to companies and staff) costs more than running
 * it: ~1.8 of ~2.9 ms for a page of ten. A read (cacheable) outside a transaction is prepared once per text (its LIMIT and OFFSET
 * written in: inlineLimits) and then only bound and executed, so PostgreSQL's plan cache decides as it does for any
 * driver that prepares statements: custom plans for the first runs, then the generic plan when it costs no more.
 * Anything else, and any statement that fails, takes PGlite's own path, so errors read as before. Transactions are
 * untouched (PGlite runs their statements on its own path).
 */
export class StatementCachingPGlite extends PGlite {
  #statements = new Lru<string, { name: string; types: number[] }>(STATEMENTS_KEPT)
  #named = 0

  /** How many statements are kept (tests set a small number to see them closed). */
  keepStatements(n: number): void {
    this.#statements.limit = n
  }

  override async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!cacheable(text, options)) return super.query<T>(text, params, options)
    const statement = inlineLimits(text, params ?? [])
    // As PGlite's own query: refused once closing, waits for start-up (whose own reads come through here too).
    await this._checkReady()
    try {
      return await this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.#run<T>(statement.text, statement.params, options)))
    } catch {
      // A statement that fails (bad input, a plan invalidated by a changed table) runs again on PGlite's own path, which
      // answers its error as every other query's. A read changed nothing, so running it again is safe.
      return super.query<T>(text, params, options)
    }
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    let statement = this.#statements.get(text)
    if (!statement) {
      const name = `mdm_s${++this.#named}`
      const described = await this.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false })
      statement = { name, types: parse.parseDescribeStatementResults(described.messages) }
      // The least recently used beyond the limit are closed.
      for (const [, { name: closed }] of this.#statements.set(text, statement)) {
        await this.execProtocol(concat([serialize.close({ type: 'S', name: closed }), serialize.sync()]), { syncToFs: false })
      }
    }
    const types = statement.types
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = options?.serializers?.[types[i]] ?? this.serializers[types[i]]
      return serializer ? serializer(value) : String(value)
    })
    let result: Awaited<ReturnType<PGlite['execProtocol']>>
    try {
      result = await this.execProtocol(
        concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      )
    } catch (err) {
      // Closed, so that a statement failing on its input (or on a changed table) is prepared again next time.
      this.#statements.delete(text)
      await this.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false })
      throw err
    }
    await this.syncToFs()
    return resultOf<T>(result.messages, this.parsers, options)
  }
}
