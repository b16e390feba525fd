import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { idSchema } from './id'
import { findTextProblem, jsonNestingExceeds, MAX_NESTING_DEPTH, parseWithMessage } from './validation'

/** The sentence a one-field request gets. */
function messageFor(field: string, schema: z.ZodType, value: unknown): string | null {
  const result = parseWithMessage(z.object({ [field]: schema }), { [field]: value })
  return result.success ? null : result.message
}

describe('chineseErrorMap', () => {
  it('treats a number out of range as a number, whether it came as a number or as text', () => {
    expect(messageFor('deviceId', idSchema, -1)).toBe('设备编号不能小于1')
    expect(messageFor('deviceId', idSchema, '-1')).toBe('设备编号不能小于1')
    expect(messageFor('deviceId', idSchema, '0')).toBe('设备编号不能小于1')
    expect(messageFor('deviceId', idSchema, '1.5')).toBe('设备编号必须是整数')
    expect(messageFor('deviceId', idSchema, 'abc')).toBe('设备编号必须是数字')
    expect(messageFor('deviceId', idSchema, ' 42 ')).toBeNull()
    expect(messageFor('quantity', z.number().gt(0), 0)).toBe('数量必须大于0')
    expect(messageFor('quantity', z.number().lt(10), 10)).toBe('数量必须小于10')
    expect(messageFor('quantity', z.number().max(10), 11)).toBe('数量不能大于10')
  })

  it('does not show raw codes of a fixed set, but lists numbers', () => {
    expect(messageFor('platform', z.enum(['IOS', 'HUAWEI', 'MI']), 'NOKIA')).toBe('设备类型的取值无效')
    expect(messageFor('platform', z.enum(['IOS', 'HUAWEI', 'MI']), undefined)).toBe('设备类型不能为空')
    expect(messageFor('pageSize', z.literal([10, 20, 50]), 30)).toBe('每页条数只能是10、20、50之一')
  })

  it('names the request when no field is named', () => {
    const result = parseWithMessage(z.string(), 1)
    expect(result).toEqual({ success: false, message: '请求参数格式不正确' })
  })
})

describe('texts no column can store', () => {
  const schema = z.object({ name: z.string(), state: z.object({ runningApp: z.string() }).optional(), tags: z.array(z.string()).optional() })

  it.each([
    ['U+0000 in a value', { name: 'a\u0000b' }, '名称包含无效字符，请删除后重试'],
    ['a lone high surrogate', { name: 'a\ud800b' }, '名称包含无效字符，请删除后重试'],
    ['a lone low surrogate', { name: '\udc00' }, '名称包含无效字符，请删除后重试'],
    ['U+0000 deep inside', { name: 'x', state: { runningApp: '\u0000' } }, '当前应用包含无效字符，请删除后重试'],
    ['U+0000 in an array item', { name: 'x', tags: ['ok', 'a\u0000'] }, 'tags包含无效字符，请删除后重试'],
    ['U+0000 in a key', { name: 'x', state: { 'a\u0000': 'y' } }, '设备状态包含无效字符，请删除后重试'],
  ])('refuses %s with the field named', (_name, input, message) => {
    expect(parseWithMessage(schema, input)).toEqual({ success: false, message })
  })

  it('accepts Chinese, emoji (a proper surrogate pair) and other control-free text', () => {
    expect(parseWithMessage(schema, { name: '张三😀\t' }).success).toBe(true)
  })
})

describe('numbers beyond any field', () => {
  it('says the number is too large rather than quoting JavaScript\'s safe-integer limit', () => {
    expect(messageFor('battery', z.number().int().min(0).max(100), 1e30)).toBe('电量数值过大')
    expect(messageFor('battery', z.number().int().min(0).max(100), 101)).toBe('电量不能大于100')
    expect(messageFor('deviceId', idSchema, 1e30)).toBe('设备编号数值过大')
    expect(messageFor('quantity', z.number().int().min(-5), -1e30)).toBe('数量数值过大')
  })
})

describe('nesting', () => {
  const nested = (depth: number) => {
    let value: unknown = 'x'
    for (let i = 0; i < depth; i++) value = [value]
    return value
  }

  it('refuses values nested deeper than the limit, and 12,000 deep without overflowing the stack', () => {
    expect(parseWithMessage(z.unknown(), nested(MAX_NESTING_DEPTH))).toEqual({ success: true, data: nested(MAX_NESTING_DEPTH) })
    expect(parseWithMessage(z.unknown(), nested(MAX_NESTING_DEPTH + 1))).toEqual({ success: false, message: '请求内容嵌套过深' })
    expect(findTextProblem(nested(12_000))).toEqual({ kind: 'tooDeep' })
  })

  it('still names the first bad text in document order, with its path', () => {
    expect(findTextProblem({ a: ['ok', { b: 'x\u0000' }], c: '\u0000' })).toEqual({ kind: 'invalidText', path: ['a', 1, 'b'] })
  })

  it('counts brackets on the raw text, ignoring those inside strings', () => {
    expect(jsonNestingExceeds('['.repeat(33) + ']'.repeat(33))).toBe(true)
    expect(jsonNestingExceeds('['.repeat(32) + ']'.repeat(32))).toBe(false)
    expect(jsonNestingExceeds(JSON.stringify({ s: '[[[[{{{{\\"['.repeat(20) }))).toBe(false)
    expect(jsonNestingExceeds('{"a":"\\\\"' + ',"b":' + '['.repeat(40))).toBe(true)
  })
})
