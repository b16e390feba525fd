import { z } from 'zod'
import { contractMessages, fieldLabels, fieldMessages } from '../messages'

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

export type ParseResult<T> = { success: true; data: T } | { success: false; message: string }

/** U+0000, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * The path to the first text (value or key) no database text column can hold: U+0000 (PostgreSQL refuses it
 * outright) or a lone UTF-16 surrogate (it would be stored as U+FFFD, silently changing what was sent).
 */
export function findInvalidText(input: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  const bad = (text: string) => UNSTORABLE_TEXT.test(text)
  if (typeof input === 'string') return bad(input) ? path : null
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      const found = findInvalidText(input[i], [...path, i])
      if (found) return found
    }
    return null
  }
  if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (bad(key)) return path
      const found = findInvalidText(value, [...path, key])
      if (found) return found
    }
  }
  return null
}

/** Parses with the Chinese error map and answers with the first problem as one sentence. */
export function parseWithMessage<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const invalidText = findInvalidText(input)
  if (invalidText) return { success: false, message: fieldMessages.invalidCharacters(labelOf(invalidText)) }
  const result = schema.safeParse(input, { error: chineseErrorMap })
  if (result.success) return { success: true, data: result.data }
  return { success: false, message: result.error.issues[0]?.message ?? fieldMessages.invalid(contractMessages.requestParams) }
}
