import { z } from 'zod'
import { fieldMessages } from '../messages/common'
import { fieldLabels } from '../messages/fields'
import { contractMessages } from '../messages/contract'

type RawIssue = z.core.$ZodRawIssue

function labelOf(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((p) => typeof p === 'string')
  if (typeof key !== 'string') return contractMessages.requestParams
  return fieldLabels[key] ?? key
}

/**
 * Zod error map producing one readable Chinese sentence that names the field.
 * Messages set on a schema (the spec's own texts, e.g. "两次密码输入不一致") take precedence over this map.
 */
export function chineseErrorMap(issue: RawIssue): string {
  const label = labelOf(issue.path)
  if (issue.input === '' || (typeof issue.input === 'string' && issue.input.trim() === '' && issue.code === 'too_small')) {
    return fieldMessages.required(label)
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return fieldMessages.required(label)
      // A number that is not whole is a number: say what is wrong with it.
      if (issue.expected === 'int' && typeof issue.input === 'number' && Number.isFinite(issue.input)) return fieldMessages.notInteger(label)
      if (issue.expected === 'number' || issue.expected === 'int') return fieldMessages.notNumber(label)
      return fieldMessages.invalid(label)
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin !== 'string' && min <= Number.MIN_SAFE_INTEGER) return fieldMessages.numberTooLarge(label)
      if (issue.origin === 'string') return min <= 1 ? fieldMessages.required(label) : fieldMessages.tooShort(label, min)
      // A number out of range is a number ("设备编号不能小于1"); a strict bound says so ("必须大于0").
      return issue.inclusive === false ? fieldMessages.mustBeGreater(label, min) : fieldMessages.tooSmall(label, min)
    }
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin !== 'string' && max >= Number.MAX_SAFE_INTEGER) return fieldMessages.numberTooLarge(label)
      if (issue.origin === 'string') return fieldMessages.tooLong(label, max)
      return issue.inclusive === false ? fieldMessages.mustBeLess(label, max) : fieldMessages.tooBig(label, max)
    }
    case 'invalid_value':
      // A missing enum field (zod reports it as a wrong value) is missing, not wrong.
      if (issue.input === undefined || issue.input === null) return fieldMessages.required(label)
      // Numbers read well in a sentence; codes such as IOS or COMPANY do not, so they are not listed.
      if (issue.values.every((v) => typeof v === 'number')) return fieldMessages.notOneOf(label, issue.values.map(String).join('、'))
      return fieldMessages.invalidChoice(label)
    case 'unrecognized_keys':
      return fieldMessages.unknownField(issue.keys.join('、'))
    default:
      return fieldMessages.invalid(label)
  }
}

/**
 * A required text field whose key means something else in other requests (`value`, `reason`): its sentences name
 * `label` itself instead of the one label the key has in fields.ts, which stays the other requests'.
 */
export function labelledText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? fieldMessages.required(label) : fieldMessages.invalid(label)) })
    .trim()
    .min(1, { error: fieldMessages.required(label) })
    .max(max, { error: fieldMessages.tooLong(label, max) })
}

export type ParseResult<T> = { success: true; data: T } | { success: false; message: string }

/** U+0000, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Arrays and objects nested deeper than this are refused: no form or device report comes near it. */
export const MAX_NESTING_DEPTH = 32

/** What makes a body unstorable: nesting beyond MAX_NESTING_DEPTH, or a text at `path` no column can hold. */
export type TextProblem = { kind: 'tooDeep' } | { kind: 'invalidText'; path: PropertyKey[] }

interface Frame {
  value: unknown
  depth: number
  /** The frame holding this value and its key there, so a path is built only for the value reported. */
  parent: Frame | null
  key: PropertyKey | null
}

function pathOf(frame: Frame | null): PropertyKey[] {
  const path: PropertyKey[] = []
  for (let f = frame; f && f.key !== null; f = f.parent) path.push(f.key)
  return path.reverse()
}

/**
 * The first problem of a parsed body: nesting deeper than MAX_NESTING_DEPTH, or a text (value or key) no database
 * text column can hold — U+0000 (PostgreSQL refuses it outright) or a lone UTF-16 surrogate (it would be stored as
 * U+FFFD, silently changing what was sent). Iterative with a depth limit: a hostile body of 5,000 nested arrays
 * costs one pass over its values, not a stack overflow or a path copied per level.
 */
export function findTextProblem(input: unknown): TextProblem | null {
  const bad = (text: string) => UNSTORABLE_TEXT.test(text)
  const stack: Frame[] = [{ value: input, depth: 0, parent: null, key: null }]
  while (stack.length) {
    const frame = stack.pop()!
    const { value } = frame
    if (typeof value === 'string') {
      if (bad(value)) return { kind: 'invalidText', path: pathOf(frame) }
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (frame.depth >= MAX_NESTING_DEPTH) return { kind: 'tooDeep' }
    const depth = frame.depth + 1
    // Children are pushed last-first so that the first problem in document order is the one reported.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth, parent: frame, key: i })
      continue
    }
    const entries = Object.entries(value)
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], depth, parent: frame, key: entries[i][0] })
    const badKey = entries.find(([key]) => bad(key))
    if (badKey) return { kind: 'invalidText', path: pathOf(frame) }
  }
  return null
}

/**
 * How deep arrays and objects nest in JSON text, counted on the raw text (brackets outside strings) and stopping
 * as soon as `limit` is passed: refusing a nesting bomb before JSON.parse builds it.
 */
export function jsonNestingExceeds(text: string, limit = MAX_NESTING_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c /* \ */) i++
      else if (ch === 0x22 /* " */) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > limit) return true
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--
  }
  return false
}

/** Parses with the Chinese error map and answers with the first problem as one sentence. */
export function parseWithMessage<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const problem = findTextProblem(input)
  if (problem?.kind === 'tooDeep') return { success: false, message: contractMessages.nestedTooDeep }
  if (problem) return { success: false, message: fieldMessages.invalidCharacters(labelOf(problem.path)) }
  const result = schema.safeParse(input, { error: chineseErrorMap })
  if (result.success) return { success: true, data: result.data }
  return { success: false, message: result.error.issues[0]?.message ?? fieldMessages.invalid(contractMessages.requestParams) }
}
