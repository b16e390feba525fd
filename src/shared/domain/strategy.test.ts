import { describe, expect, it } from 'vitest'
import {
  STRATEGY_BOOLEAN_KEYS,
  STRATEGY_OPTIONS,
  applyStrategyDefaults,
  toStrategyPayload,
  validateExpiryTimeMinute,
  type StrategyForm,
} from './strategy'

const DEFAULT_ON = [
  'forceAutomaticDateAndTime',
  'notAllowAccountModification',
  'notAllowLeaveRemoteManagement',
  'notAllowFindMyDevice',
  'notAllowSetDns',
]

describe('applyStrategyDefaults (SPEC §9)', () => {
  it('lists the 15 switches of SPEC §3 with Chinese labels', () => {
    expect(STRATEGY_BOOLEAN_KEYS).toHaveLength(15)
    expect(STRATEGY_OPTIONS[0]).toEqual({ key: 'notAllowDefinitionLookup', label: '禁止查询词语释义' })
    expect(STRATEGY_OPTIONS.every((option) => /[\u4e00-\u9fff]/.test(option.label))).toBe(true)
  })

  it.each(STRATEGY_BOOLEAN_KEYS.map((key) => [key, DEFAULT_ON.includes(key)] as const))(
    'an absent %s defaults to %s',
    (key, expected) => {
      expect(applyStrategyDefaults({})[key]).toBe(expected)
      expect(applyStrategyDefaults(undefined)[key]).toBe(expected)
      expect(applyStrategyDefaults(null)[key]).toBe(expected)
      expect(applyStrategyDefaults({ [key]: null })[key]).toBe(expected)
    },
  )

  it.each(STRATEGY_BOOLEAN_KEYS.map((key) => [key] as const))('a stored %s is kept', (key) => {
    expect(applyStrategyDefaults({ [key]: false })[key]).toBe(false)
    expect(applyStrategyDefaults({ [key]: true })[key]).toBe(true)
  })

  it.each([
    [undefined, '0'],
    [null, '0'],
    ['', '0'],
    ['0', '0'],
    ['00', '0'],
    [' 30 ', '30'],
    [45, '45'],
    [0, '0'],
  ])('expiryTimeMinute %j → %j', (expiryTimeMinute, expected) => {
    expect(applyStrategyDefaults({ expiryTimeMinute }).expiryTimeMinute).toBe(expected)
  })
})

describe('toStrategyPayload (SPEC §9)', () => {
  const form: StrategyForm = { ...applyStrategyDefaults({ notAllowHostPairing: true }), expiryTimeMinute: '0' }

  it.each([
    ['0', undefined],
    ['', undefined],
    ['000', undefined],
    ['60', '60'],
    [' 60 ', '60'],
  ])('expiryTimeMinute %j is sent as %j', (expiryTimeMinute, expected) => {
    const payload = toStrategyPayload({ ...form, expiryTimeMinute })
    expect('expiryTimeMinute' in payload).toBe(expected !== undefined)
    expect(payload.expiryTimeMinute).toBe(expected)
  })

  it('sends every switch as the form has it, and nothing else', () => {
    const payload = toStrategyPayload(form)
    expect(Object.keys(payload).sort()).toEqual([...STRATEGY_BOOLEAN_KEYS].sort())
    expect(payload.notAllowHostPairing).toBe(true)
  })

  it.each(STRATEGY_BOOLEAN_KEYS.map((key) => [key] as const))('sends %s switched either way', (key) => {
    expect(toStrategyPayload({ ...form, [key]: true })[key]).toBe(true)
    expect(toStrategyPayload({ ...form, [key]: false })[key]).toBe(false)
  })

  it.each([
    ['0', undefined],
    ['', undefined],
    ['120', undefined],
    ['-1', '有效期只能填写不小于0的整数（分钟）'],
    ['1.5', '有效期只能填写不小于0的整数（分钟）'],
  ])('validateExpiryTimeMinute(%j) → %s', (value, expected) => {
    expect(validateExpiryTimeMinute(value)).toBe(expected)
  })
})
