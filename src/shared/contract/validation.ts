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
      if (issue.origin === 'string') return min <= 1 ? fieldMessages.required(label) : fieldMessages.tooShort(label, min)
      // A number out of range is a number ("设备编号不能小于1"); a strict bound says so ("必须大于0").
      return issue.inclusive === false ? fieldMessages.mustBeGreater(label, min) : fieldMessages.tooSmall(label, min)
    }
    case 'too_big': {
      const max = Number(issue.maximum)
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

/** Parses with the Chinese error map and answers with the first problem as one sentence. */
export function parseWithMessage<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input, { error: chineseErrorMap })
  if (result.success) return { success: true, data: result.data }
  return { success: false, message: result.error.issues[0]?.message ?? fieldMessages.invalid(contractMessages.requestParams) }
}
