import { describe, expect, it } from 'vitest'
import { formatDate, formatFileSize, formatRelativeTime, formatThousands, toChineseMoney } from './format'

const KB = 1024
const MB = KB * KB
const GB = MB * KB
const TB = GB * KB

describe('formatFileSize (SPEC §9)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [KB, '1 KB'],
    [1536, '1.5 KB'],
    [1234, '1.2 KB'],
    [1177.6, '1.15 KB'],
    [MB - 1, '1023.99 KB'],
    [MB, '1 MB'],
    [2.75 * MB, '2.75 MB'],
    [10 * MB - 1, '9.99 MB'],
    [GB, '1 GB'],
    [1.5 * GB, '1.5 GB'],
    [TB - 1, '1023.99 GB'],
    [TB, '文件超过1TB'],
    [5 * TB, '文件超过1TB'],
    [-1, ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%d bytes → %j', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected)
  })
})

describe('formatRelativeTime (SPEC §9)', () => {
  const NOW = Date.UTC(2024, 5, 14, 12, 0, 0)
  const SECOND = 1000
  const MINUTE = 60 * SECOND
  const HOUR = 60 * MINUTE
  const DAY = 24 * HOUR

  it.each([
    [0, '刚刚'],
    [4 * SECOND, '刚刚'],
    [5 * SECOND, '5 秒前'],
    [59 * SECOND, '59 秒前'],
    [MINUTE, '1 分钟前'],
    [3 * MINUTE + 59 * SECOND, '3 分钟前'],
    [59 * MINUTE, '59 分钟前'],
    [HOUR, '1 小时前'],
    [23 * HOUR, '23 小时前'],
    [DAY, '1 天前'],
    [6 * DAY, '6 天前'],
    [7 * DAY, '1 周前'],
    [29 * DAY, '4 周前'],
    [30 * DAY, '1 个月前'],
    [59 * DAY, '1 个月前'],
    [364 * DAY, '12 个月前'],
    [365 * DAY, '1 年前'],
    [800 * DAY, '2 年前'],
    [-4 * SECOND, '刚刚'],
    // A fresh server time slightly ahead of the screen's clock is "just now", not "in 10 seconds".
    [-10 * SECOND, '刚刚'],
    [-59 * SECOND, '刚刚'],
    [-MINUTE, '1 分钟后'],
    [-3 * MINUTE, '3 分钟后'],
    [-2 * DAY, '2 天后'],
  ])('%d ms ago → %j', (elapsed, expected) => {
    expect(formatRelativeTime(NOW - elapsed, NOW)).toBe(expected)
  })

  it.each([[null], [undefined], ['not a time'], [Number.NaN]])('%j → empty', (time) => {
    expect(formatRelativeTime(time, NOW)).toBe('')
  })

  it('accepts strings and dates', () => {
    expect(formatRelativeTime(new Date(NOW - 2 * HOUR).toISOString(), new Date(NOW))).toBe('2 小时前')
  })
})

describe('formatThousands (SPEC §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567.891, '1,234,567.891'],
    [-1234567.5, '-1,234,567.5'],
    [-999, '-999'],
    [100000, '100,000'],
    ['1234567.891', '1,234,567.891'],
    ['-1000', '-1,000'],
    ['+1000', '+1,000'],
    [' 12345 ', '12,345'],
    ['0.000123', '0.000123'],
    ['abc', 'abc'],
    ['', ''],
    [Number.NaN, 'NaN'],
    [1e21, '1e+21'],
  ])('%j → %j', (value, expected) => {
    expect(formatThousands(value)).toBe(expected)
  })
})

describe('toChineseMoney (SPEC §9)', () => {
  it.each([
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [0, '零元整'],
    [-1234.56, '负壹仟贰佰叁拾肆元伍角陆分'],
    [10000, '壹万元整'],
    [100000000, '壹亿元整'],
    [100010, '壹拾万零壹拾元整'],
    [1001.05, '壹仟零壹元零伍分'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [101000, '壹拾万壹仟元整'],
    [100000001, '壹亿零壹元整'],
    [1000000000000, '壹万亿元整'],
    [123456789, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
    [10.5, '壹拾元伍角'],
    [0.56, '伍角陆分'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [1.005, '壹元零壹分'],
    [0.004, '零元整'],
    [0.995, '壹元整'],
    [-0.001, '零元整'],
    [1e-7, '零元整'],
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    [' 20.1 ', '贰拾元壹角'],
    ['-3', '负叁元整'],
    ['12345678901234.99', '壹拾贰万叁仟肆佰伍拾陆亿柒仟捌佰玖拾万壹仟贰佰叁拾肆元玖角玖分'],
    ['abc', ''],
    ['1,000', ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%j → %j', (amount, expected) => {
    expect(toChineseMoney(amount)).toBe(expected)
  })
})

describe('formatDate (SPEC §9)', () => {
  const date = new Date(2024, 0, 5, 8, 3, 9, 7)
  const afternoon = new Date(2023, 10, 25, 17, 45, 30, 250)

  it.each([
    [date, 'yyyy-MM-dd hh:mm:ss', '2024-01-05 08:03:09'],
    [date, 'yy/M/d h:m:s', '24/1/5 8:3:9'],
    [date, 'yyyy年MM月dd日', '2024年01月05日'],
    [date, 'q', '1'],
    [date, 'S', '7'],
    [date, 'SSS', '007'],
    [date, 'hh:mm:ss.SSS', '08:03:09.007'],
    [afternoon, 'yyyy-MM-dd hh:mm:ss', '2023-11-25 17:45:30'],
    [afternoon, 'h', '17'],
    [afternoon, 'q', '4'],
    [afternoon, 'yyyy-M-d', '2023-11-25'],
    [afternoon, 'S', '250'],
    [afternoon, 'MM-dd MM', '11-25 11'],
  ])('%s with %j → %j', (value, pattern, expected) => {
    expect(formatDate(value, pattern)).toBe(expected)
  })

  it.each([
    [new Date(2024, 3, 1), '2'],
    [new Date(2024, 6, 1), '3'],
  ])('quarter of %s is %s', (value, expected) => {
    expect(formatDate(value, 'q')).toBe(expected)
  })

  it('defaults to yyyy-MM-dd hh:mm:ss and accepts timestamps', () => {
    expect(formatDate(date.getTime())).toBe('2024-01-05 08:03:09')
  })

  it.each([[null], [undefined], ['nonsense'], [Number.NaN]])('%j → empty', (value) => {
    expect(formatDate(value, 'yyyy')).toBe('')
  })
})
