import fc from 'fast-check'
import { expect } from 'vitest'
import { z } from 'zod'
import { MAX_NESTING_DEPTH } from '../../src/shared/contract/validation'

/**
 * Generators of the fuzz run (issue #10): requests made from an endpoint's own schema (valid-ish, so that the walk
 * reaches the services and the database) and from outside it (wrong types, huge strings, nesting, unicode edge cases,
 * prototype keys), and the check every answer must pass.
 */

/** The fixed seed of every property (override with FUZZ_SEED); fast-check prints it with any counterexample. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_610)

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  default?: unknown
}

const isIdKey = (key: string) => key === 'id' || /Id$/.test(key)

function stringFrom(s: JsonSchema): fc.Arbitrary<string> {
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 256))
    } catch {
      // A pattern fast-check cannot generate from: fall through to plain text of the right length.
    }
  }
  const minLength = s.minLength ?? 0
  const maxLength = Math.min(s.maxLength ?? 24, Math.max(minLength, 24))
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: 'grapheme', minLength, maxLength }))
}

/** A value of a JSON Schema (zod's output side): what the endpoint takes, give or take a refinement. */
function fromJsonSchema(s: JsonSchema, ids: readonly number[], key = ''): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromJsonSchema(a, ids, key)))
  const type = Array.isArray(s.type) ? s.type[0] : s.type
  switch (type) {
    case 'object': {
      const props = Object.entries(s.properties ?? {})
      if (!props.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
      const required = (s.required ?? []).filter((k) => s.properties?.[k]?.default === undefined)
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, fromJsonSchema(v, ids, k)])), { requiredKeys: required })
    }
    case 'array':
      return fc.array(fromJsonSchema(s.items ?? {}, ids), { maxLength: 4 })
    case 'string':
      return stringFrom(s)
    case 'integer': {
      const min = s.minimum ?? -1_000_000
      const max = s.maximum ?? 1_000_000
      const range = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
      return isIdKey(key) && ids.length ? fc.oneof(fc.constantFrom(...ids), range) : range
    }
    case 'number':
      return fc.double({ min: s.minimum, max: s.maximum, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Requests in the endpoint's own shape; `ids` are real row ids, so generated ids reach rows now and then. */
export function validish(schema: z.ZodType, ids: readonly number[]): fc.Arbitrary<unknown> {
  return fromJsonSchema(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema, ids)
}

/** The keys an object schema names (a union's alternatives' keys together), to put hostile values under. */
export function keysOf(schema: z.ZodType): string[] {
  const js = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema
  const all = [js, ...(js.anyOf ?? []), ...(js.oneOf ?? [])]
  return [...new Set(all.flatMap((s) => Object.keys(s.properties ?? {})))]
}

/** Text no column should take, or that breaks naive handling: NUL, lone surrogates, RTL marks, emoji, huge. */
export const nastyText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\u202Eevil\u202C',
    '👩‍👩‍👧‍👦🇨🇳',
    '\uFEFF',
    '  ',
    '',
    '%00',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '{{7*7}}${7*7}',
    '../../etc/passwd',
    'NaN',
    '-0',
    '1e309',
    'Infinity',
    'true',
    'null',
    '0x10',
    '９９',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 70_000 }).map((n) => 'é'.repeat(n)),
)

/** Numbers at the edges: -0, huge, fractional, beyond the int range, unsafe integers. */
export const nastyNumber = fc.constantFrom(-0, 0, -1, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), Number.MIN_VALUE, 1.0000000001)

const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty')

/** A value of any type but the expected one, now and then nested. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyText,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(protoKey, fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 3 }),
  ),
})).value

/** A body in the endpoint's shape whose values are hostile, with prototype keys beside them. */
export function hostileObject(schema: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  const keys = keysOf(schema)
  const named = keys.length ? fc.dictionary(fc.constantFrom(...keys), nastyValue, { minKeys: 1, maxKeys: keys.length }) : fc.constant({})
  return fc.tuple(named, fc.dictionary(protoKey, nastyValue, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }))
}

/** Arrays `depth` deep around a value, as JSON text (JSON.stringify of a deep value would itself recurse). */
export function nestedJson(depth: number, open = '[', close = ']', inner = '1') {
  return open.repeat(depth) + inner + close.repeat(depth)
}

/** Raw JSON text outside the schema: nesting at and beyond the limit, scalars, arrays, prototype pollution. */
export const structuralJson = fc.oneof(
  fc.constantFrom(
    nestedJson(MAX_NESTING_DEPTH - 1),
    nestedJson(MAX_NESTING_DEPTH + 1),
    nestedJson(5_000),
    `{"a":${nestedJson(MAX_NESTING_DEPTH, '{"a":', '}', '1')}}`,
    '[]',
    '[{}]',
    '"text"',
    '42',
    'null',
    'true',
    '1e309',
    '-0',
    '{"__proto__":{"isAdmin":true,"authorities":["role"]}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"a":1,"a":2}',
  ),
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }).map((v) => JSON.stringify(v)),
)

/** Bodies that are not JSON, or say they are something else. */
export const rawBodies = fc.oneof(
  fc.constantFrom(
    { body: '', contentType: 'application/json' },
    { body: '{', contentType: 'application/json' },
    { body: '{"a":}', contentType: 'application/json' },
    { body: "{'a':1}", contentType: 'application/json' },
    { body: '\uFEFF{}', contentType: 'application/json' },
    { body: '{"a":"\\ud800"}', contentType: 'application/json' },
    { body: '{"a":"\\u0000"}', contentType: 'application/json' },
    { body: '{}', contentType: 'text/plain' },
    { body: 'a=1&b=%E0%A4%A&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded' },
    { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
    { body: 'garbage', contentType: 'multipart/form-data' },
    { body: '<?xml version="1.0"?><a/>', contentType: 'application/xml' },
    { body: '{}', contentType: 'application/json; charset=utf-16' },
  ),
  fc.string({ unit: 'binary', maxLength: 60 }).map((body) => ({ body, contentType: 'application/json' })),
)

/** A query string in the schema's keys with hostile, or malformed percent-encoded, values. */
export function hostileQuery(schema: z.ZodType): fc.Arbitrary<string> {
  const keys = keysOf(schema)
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), protoKey) : protoKey
  const raw = fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%00', '%FF%FE', '1e309', '-0', 'NaN', '[]', 'x'.repeat(5000), '%F0%9F%98%80', '%E2%80%AE')
  const value = fc.oneof(raw, nastyText.map((t) => encodeURIComponent(safeForUri(t))))
  return fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))
}

/** encodeURIComponent throws on a lone surrogate: send those as the malformed UTF-8 escape instead. */
const safeForUri = (text: string) => text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')

/** An object as a query string (arrays as repeated keys, objects as JSON text). */
export function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, typeof item === 'object' && item !== null ? JSON.stringify(item) : safeForUri(String(item)))
  }
  return params.toString()
}

const CJK = /[\u4E00-\u9FFF\u3400-\u4DBF]/
/** A stack frame's text ("    at fn (file.ts:1:2)") or an error's name with its message. */
const STACK_OR_ERROR = /\n\s+at \S|\bat .+:\d+:\d+\)?|\b[A-Z][A-Za-z]*Error:|^Error:|node_modules|\.ts:\d+/

export interface Answer {
  status: number
  text: string
  body: unknown
}

/**
 * What every answer must be, whatever was sent: never a 500, never a stack trace or an error's text, and every
 * refusal the envelope {code, msg, data} with a Chinese message.
 */
export function expectSane(res: Answer, sent: string) {
  const where = `${sent} → ${res.status} ${res.text.slice(0, 300)}`
  expect(res.status, where).not.toBe(500)
  expect(res.status, where).toBeLessThan(500)
  expect(STACK_OR_ERROR.test(res.text), where).toBe(false)
  if (res.status >= 200 && res.status < 300) return
  const body = res.body as { code?: unknown; msg?: unknown; data?: unknown } | undefined
  expect(body && typeof body === 'object' ? Object.keys(body).sort() : body, where).toEqual(['code', 'data', 'msg'])
  expect(typeof body!.code, where).toBe("number")
  expect(typeof body!.msg === 'string' && CJK.test(body!.msg), where).toBe(true)
  expect(body!.data, where).toBeNull()
}

/** Bounded runs with the file's seed; a failure's message names the seed and the shrunk counterexample. */
export const runs = (numRuns: number) => ({ numRuns, seed: FUZZ_SEED, endOnFailure: false, maxSkipsPerRun: 10 })
