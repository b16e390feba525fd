import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { validationMessages } from '../messages/common'
import { domainText } from '../messages/domain'
import {
  idCardCheckCharacter,
  idCardSchema,
  isRealDate,
  normalizeSerialNumber,
  parseDateString,
  refineWith,
  serialNumberSchema,
  validateCompanyPasswordMatch,
  validateIdCard,
  validateInteger,
  validateNewPasswordMatch,
  validateNumber,
  validateRegisterPasswordMatch,
  validateRoleAuthorities,
  validateUpload,
} from './validators'

const text = domainText.validation

describe('password confirmations (SPEC §5)', () => {
  it.each([
    [{ password: 'a1', confirmPassword: 'a1' }, undefined],
    [{ password: 'a1', confirmPassword: 'a2' }, '密码与确认密码不一致'],
    [{ id: null, password: 'a1', confirmPassword: 'a2' }, '密码与确认密码不一致'],
    [{ id: '', password: 'a1', confirmPassword: 'a2' }, '密码与确认密码不一致'],
    [{ password: 'a1' }, '密码与确认密码不一致'],
    // Editing an existing company: the check does not apply.
    [{ id: 7, password: 'a1', confirmPassword: 'a2' }, undefined],
    [{ id: 'c-1', password: 'a1', confirmPassword: '' }, undefined],
  ])('company %j → %s', (company, expected) => {
    expect(validateCompanyPasswordMatch(company)).toBe(expected)
  })

  it.each([
    ['new', 'new', undefined],
    ['new', 'New', '新密码与确认密码不一致'],
  ])('password change %j / %j → %s', (password, confirm, expected) => {
    expect(validateNewPasswordMatch(password, confirm)).toBe(expected)
  })

  it.each([
    ['secret', 'secret', undefined],
    ['secret', 'secret ', '两次密码输入不一致'],
  ])('register %j / %j → %s', (password, confirm, expected) => {
    expect(validateRegisterPasswordMatch(password, confirm)).toBe(expected)
  })
})

describe('number patterns (SPEC §5)', () => {
  it.each([
    ['1', true],
    ['120', true],
    ['0', false],
    ['012', false],
    ['-3', false],
    ['1.0', false],
    ['', false],
  ])('integer %j valid: %s', (value, valid) => {
    expect(validateInteger(value)).toBe(valid ? undefined : text.integer)
  })

  it.each([
    ['0', true],
    ['007', true],
    ['123', true],
    ['1.5', false],
    ['-1', false],
    ['12a', false],
    ['', false],
  ])('number %j valid: %s', (value, valid) => {
    expect(validateNumber(value)).toBe(valid ? undefined : text.number)
  })
})

describe('ID card numbers (SPEC §5, GB 11643-1999)', () => {
  const now = new Date(2024, 5, 14, 12, 0, 0)

  it('computes the check character', () => {
    expect(idCardCheckCharacter('11010519491231002')).toBe('X')
    expect(idCardCheckCharacter('11010119900307123')).toBe('3')
    expect(idCardCheckCharacter('44030620000229456')).toBe('0')
  })

  it.each([
    ['11010519491231002X', undefined],
    ['11010519491231002x', undefined],
    ['110101199003071233', undefined],
    ['440306200002294560', undefined],
    ['31011519000101001X', undefined],
    ['110105202406140010', undefined],
    ['11010519491231002', text.idCardFormat],
    ['11010519491231002X1', text.idCardFormat],
    ['11010519491231002Y', text.idCardFormat],
    ['1101051949123100XX', text.idCardFormat],
    ['', text.idCardFormat],
    ['110105189912310023', text.idCardBirthDate],
    ['110105202302290014', text.idCardBirthDate],
    ['11010519900230001X', text.idCardBirthDate],
    ['110105199013010018', text.idCardBirthDate],
    ['110105202406150016', text.idCardBirthDate],
    ['110101199003071234', text.idCardChecksum],
    ['11010119900307123X', text.idCardChecksum],
  ])('%s → %s', (value, expected) => {
    expect(validateIdCard(value, now)).toBe(expected)
  })

  it('says 校验位 for a wrong check character', () => {
    expect(text.idCardChecksum).toContain('校验位')
  })
})

describe('date strings (SPEC §5)', () => {
  it.each([
    ['2024-2-29', { year: 2024, month: 2, day: 29 }],
    ['2024/02/29', { year: 2024, month: 2, day: 29 }],
    ['2000-2-29', { year: 2000, month: 2, day: 29 }],
    ['2023-12-31', { year: 2023, month: 12, day: 31 }],
    ['2023-1-1', { year: 2023, month: 1, day: 1 }],
    ['2023-2-29', undefined],
    ['1900-2-29', undefined],
    ['2023-4-31', undefined],
    ['2023-13-1', undefined],
    ['2023-0-10', undefined],
    ['2023-1-0', undefined],
    ['0000-1-1', undefined],
    ['2023-1/1', undefined],
    ['2023.1.1', undefined],
    ['23-1-1', undefined],
    ['2023-001-1', undefined],
    ['2023-1-1 ', undefined],
    ['', undefined],
  ])('parseDateString(%j) → %j', (value, expected) => {
    expect(parseDateString(value)).toEqual(expected)
  })

  it.each([
    [2024, 2, 29, true],
    [2100, 2, 29, false],
    [2024, 6, 31, false],
    [2024, 1.5, 1, false],
  ])('isRealDate(%i, %s, %i) → %s', (year, month, day, expected) => {
    expect(isRealDate(year, month, day)).toBe(expected)
  })
})

describe('validateUpload (SPEC §5)', () => {
  const rules = { extensions: ['png', '.JPG'], maxMB: 2 }
  const MB = 1024 * 1024

  it.each([
    ['photo.png', 1000, undefined],
    ['photo.PNG', 1000, undefined],
    ['photo.jpg', 1000, undefined],
    ['my.photo.jpg', 1000, undefined],
    [`${'a'.repeat(100)}.png`, 1000, undefined],
    [`${'图'.repeat(100)}.png`, 1000, undefined],
    [`${'😀'.repeat(100)}.png`, 1000, undefined],
    [`${'a'.repeat(101)}.png`, 1000, validationMessages.uploadNameTooLong],
    [`${'a'.repeat(101)}.exe`, 3 * MB, validationMessages.uploadNameTooLong],
    ['photo.gif', 1000, validationMessages.uploadWrongFormat],
    ['photo', 1000, validationMessages.uploadWrongFormat],
    ['photo.', 1000, validationMessages.uploadWrongFormat],
    ['photo.gif', 3 * MB, validationMessages.uploadWrongFormat],
    ['photo.png', 2 * MB - 1, undefined],
    ['photo.png', 2 * MB, validationMessages.uploadTooLarge],
    ['photo.png', 5 * MB, validationMessages.uploadTooLarge],
  ])('%s of %i bytes → %s', (name, size, expected) => {
    expect(validateUpload({ name, size }, rules)).toBe(expected)
  })
})

describe('other rules (SPEC §3, §5)', () => {
  it.each([
    ['abc123', 'ABC123'],
    ['  f2lx9 \n', 'F2LX9'],
    ['DMPX', 'DMPX'],
  ])('normalizeSerialNumber(%j) → %j', (value, expected) => {
    expect(normalizeSerialNumber(value)).toBe(expected)
  })

  it.each([
    [[1], undefined],
    [['a', 'b'], undefined],
    [[], '请选择权限'],
    [null, '请选择权限'],
    [undefined, '请选择权限'],
  ])('validateRoleAuthorities(%j) → %s', (list, expected) => {
    expect(validateRoleAuthorities(list)).toBe(expected)
  })
})

describe('zod helpers use the same rules and messages', () => {
  const issues = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message)

  it.each([
    ['idCardSchema', '11010519491231002X', undefined, idCardSchema],
    ['idCardSchema', '110101199003071234', [text.idCardChecksum], idCardSchema],
    ['serialNumberSchema', '   ', [text.serialNumberRequired], serialNumberSchema],
  ])('%s.safeParse(%j) issues: %j', (_name, value, expected, schema) => {
    expect(issues(schema, value)).toEqual(expected)
  })

  it('serialNumberSchema upper-cases and trims', () => {
    expect(serialNumberSchema.parse(' dmpx12ab ')).toBe('DMPX12AB')
  })

  it('refineWith places an object issue on the given path', () => {
    const register = z
      .object({ password: z.string(), confirmPassword: z.string() })
      .superRefine(
        refineWith((value) => validateRegisterPasswordMatch(value.password, value.confirmPassword), ['confirmPassword']),
      )
    const result = register.safeParse({ password: 'a', confirmPassword: 'b' })
    expect(result.error?.issues).toEqual([
      { code: 'custom', message: '两次密码输入不一致', path: ['confirmPassword'] },
    ])
    expect(register.safeParse({ password: 'a', confirmPassword: 'a' }).success).toBe(true)
  })
})
