import type { Context } from 'hono'
import type { z } from 'zod'
import { ResultCode } from '../../shared/contract/envelope'
import { jsonNestingExceeds, parseWithMessage } from '../../shared/contract/validation'
import { errorMessages } from '../../shared/messages/common'
import { contractMessages } from '../../shared/messages/contract'
import { ApiError } from './errors'

/** Success envelope (SPEC §8). */
export function ok<T>(c: Context, data: T, msg = 'success') {
  return c.json({ code: ResultCode.ok, msg, data: data ?? null })
}

export function fail(c: Context, error: ApiError) {
  return c.json({ code: error.code, msg: error.message, data: null }, error.httpStatus)
}

/**
 * Reads and validates the JSON (or form) body; a malformed body is a 400 envelope, never a 500. Every JSON body of
 * every API (console, open API, agent protocol) is read here: nesting beyond MAX_NESTING_DEPTH is refused on the
 * raw text, before JSON.parse builds it (the size is already bounded by apiBase's bodyLimit).
 */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown
  const type = c.req.header('content-type') ?? ''
  let text: string | undefined
  try {
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      raw = await c.req.parseBody()
    } else {
      text = await c.req.text()
    }
  } catch {
    throw ApiError.badRequest(errorMessages.badJson)
  }
  if (text !== undefined) {
    if (jsonNestingExceeds(text)) throw ApiError.badRequest(contractMessages.nestedTooDeep)
    try {
      raw = text.trim() === '' ? {} : JSON.parse(text)
    } catch {
      throw ApiError.badRequest(errorMessages.badJson)
    }
  }
  return parseOrThrow(schema, raw)
}

/** Validates the query string (GET sends query parameters, SPEC §7). */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseOrThrow(schema, c.req.query())
}

export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = parseWithMessage(schema, raw)
  if (!result.success) throw ApiError.badRequest(result.message)
  return result.data
}
