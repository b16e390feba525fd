import { Lru } from '../cache/lru'

/**
 * Which statements both engines' connections run by name, and how their text is written for that
 * (StatementCachingPGlite in pglite-statements.ts, StatementNamingClient in pg-statements.ts).
 */

/** How many named statements one connection keeps (either engine); the least recently used is closed beyond it. */
export const STATEMENTS_KEPT = 250

/** Where a statement's text refers to its parameters (`$n`), and which of them may be written in (inlineLimits). */
interface ParameterReferences {
  refs: { start: number; end: number; index: number }[]
  /** Parameters referred to once, right after LIMIT or OFFSET. */
  afterLimit: number[]
}

/**
 * The scan of each text is kept (issue #16): a server runs a few hundred statement shapes over and over, and scanning
 * the text on every run cost ~8 % of what a search request allocated (a V8 allocation profile of the 100k benchmark).
 */
const scanned = new Lru<string, ParameterReferences | null>(2 * STATEMENTS_KEPT)

/** The parameter references of `text`, or null when it holds a dollar-quoted string (left as it is). */
function parameterReferences(text: string): ParameterReferences | null {
  const known = scanned.get(text)
  if (known !== undefined) return known
  const found = scanReferences(text)
  scanned.set(text, found)
  return found
}

function scanReferences(text: string): ParameterReferences | null {
  const refs: { start: number; end: number; index: number; afterLimit: boolean }[] = []
  let lastWord = ''
  for (let i = 0; i < text.length; ) {
    const c = text[i]
    if (c === "'" || c === '"') {
      // A quoted string or name; a doubled quote inside is part of it.
      let j = i + 1
      while (j < text.length && !(text[j] === c && text[j + 1] !== c)) j += text[j] === c ? 2 : 1
      i = j + 1
      lastWord = ''
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end + 1
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
    } else if (c === '$') {
      const m = /^\$(\d+)/.exec(text.slice(i, i + 12))
      if (!m) return null
      refs.push({ start: i, end: i + m[0].length, index: Number(m[1]) - 1, afterLimit: lastWord === 'limit' || lastWord === 'offset' })
      i += m[0].length
      lastWord = ''
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j])) j++
      lastWord = text.slice(i, j).toLowerCase()
      i = j
    } else {
      if (!/\s/.test(c)) lastWord = ''
      i++
    }
  }
  const uses = new Map<number, number>()
  for (const r of refs) uses.set(r.index, (uses.get(r.index) ?? 0) + 1)
  return {
    refs: refs.map(({ start, end, index }) => ({ start, end, index })),
    afterLimit: refs.filter((r) => r.afterLimit && uses.get(r.index) === 1).map((r) => r.index),
  }
}

/**
 * A query's LIMIT and OFFSET values written into its text (issue #16), the other parameters renumbered. A statement
 * whose limit is a parameter is never planned generically (the planner must assume a tenth of the rows), so a prepared
 * list query would be planned again on every run; with the page's size and offset in the text, PostgreSQL's plan
 * cache can keep one plan per page shape. Only a parameter that is a non-negative safe integer and appears once,
 * right after LIMIT or OFFSET, is written in; quoted text, quoted names and comments are skipped. Text holding a
 * dollar-quoted string is answered as it is.
 */
export function inlineLimits(text: string, params: readonly unknown[]): { text: string; params: unknown[] } {
  const found = parameterReferences(text)
  if (!found) return { text, params: [...params] }
  const written = new Set(found.afterLimit.filter((i) => typeof params[i] === 'number' && Number.isSafeInteger(params[i]) && (params[i] as number) >= 0))
  if (!written.size) return { text, params: [...params] }
  const kept = params.map((_, i) => i).filter((i) => !written.has(i))
  const renumbered = new Map(kept.map((old, i) => [old, i + 1]))
  let out = ''
  let from = 0
  for (const r of found.refs) {
    out += text.slice(from, r.start) + (written.has(r.index) ? String(params[r.index]) : `$${renumbered.get(r.index)}`)
    from = r.end
  }
  return { text: out + text.slice(from), params: kept.map((i) => params[i]) }
}

/**
 * A read: a SELECT, or a WITH query none of whose words is a write (a data-modifying CTE is left to the driver's own
 * path, which never runs it twice), without PGlite's blob or parameter-type options.
 */
export function cacheable(text: string, options?: { blob?: unknown; paramTypes?: unknown }): boolean {
  if (options?.blob || options?.paramTypes) return false
  return /^\s*select\b/i.test(text) || (/^\s*with\b/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text))
}
