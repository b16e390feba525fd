import { ZxcvbnFactory, type MatchExtended } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common'
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en'
import { passwordStrengthText, type PasswordWeakness } from '../../shared/messages/passwords'
import { ApiError } from '../http/errors'

/**
 * How many guesses a password would take an attacker (issue #41 item 5): zxcvbn-ts's estimate — common passwords
 * (30,000 of them), English words and names, keyboard walks, repeats, sequences, dates — with the account's own
 * details as words it guesses first. Server only: its dictionaries weigh megabytes, and the console's forms keep their
 * quick rule of length and character classes (shared/domain/validators.ts), showing this refusal at the field.
 */

/**
 * Passwords and words common in China that the English lists rank low or miss: the tail of the list issue #10 kept
 * (pinyin, 520/1314 love numbers, brands), common surnames and words an operator of this console would reach for.
 * Ranked by position, as zxcvbn ranks its own lists.
 */
const CHINESE_COMMON = `
woaini1314 5201314 woaini520 woaini 1314520 woaini123 qq123456 aa123456 a123456 a12345678 abc123456 admin admin123
admin888 mima mima123 root123 aini 520520 iloveyou1 1qaz2wsx3edc zxcvbnm123 asd123456 qwe123456 q123456789
wang zhang li liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he lin gao luo zheng liang xie song tang han
wang123456 zhang123456 li123456 liu123456 chen123456 zhongguo beijing shanghai shenzhen guangzhou hangzhou
huawei xiaomi huawei123 xiaomi123 iphone apple iphone123 apple123 android taobao weixin baidu tencent laopo laogong
baobei kaixin xingfu tiantian guanli guanliyuan yonghu zulin zuche shouji anquan mdm demo root guest test user
`
  .split(/\s+/)
  .filter(Boolean)

/** What an attacker's rules insert between the parts of a guess: the dozen symbols people use (! @ # . - _ * & $ …). */
const SYMBOL_CHOICES = 12

/** zxcvbn's scores are thresholds of guesses (its TimeEstimates): 10^3, 10^6, 10^8, 10^10, each plus 5. */
const scoreOf = (guesses: number) => [1e3, 1e6, 1e8, 1e10].filter((threshold) => guesses >= threshold + 5).length

/**
 * A login password must reach score 3 (10^8 guesses): zxcvbn's "safely unguessable", out of reach of an online attack
 * and costly offline against scrypt.
 */
const LOGIN_MIN_SCORE = 3

/**
 * A secondary password is only ever checked online, inside a session, 5 failures per 15 minutes
 * (limits.passwordPerAccount): 10^5 guesses are years of that. It keeps out what is guessed first — repeats,
 * sequences, keyboard walks, dates, the common lists, the account's own details — while a 6-digit PIN with no pattern
 * passes (score 2 would refuse every 6-digit PIN: a million is below its 10^6 + 5).
 */
const SECONDARY_MIN_GUESSES = 1e5

let factory: ZxcvbnFactory | undefined

/** Built at the first check (under a second, tens of megabytes), so that a server that sets no password pays nothing. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary, 'passwords-cn': CHINESE_COMMON },
    graphs: adjacencyGraphs,
    // Past 20 substitutions a token is no word anyway; the default 100 lets a 64-character password cost a second.
    l33tMaxSubstitutions: 20,
  })
  return factory
}

/** Who the password belongs to: the words an attacker who knows the account tries first. */
export interface PasswordContext {
  username?: string
  name?: string
  phoneNumber?: string
  companyName?: string
  /** For the secondary password: the account's login password. */
  loginPassword?: string
}

/** The context's values, their words (demo-east: demo, east) and runs of letters or digits, and the phone's tails. */
function userInputs(context: PasswordContext): string[] {
  const inputs = new Set<string>()
  for (const value of [context.username, context.name, context.phoneNumber, context.companyName, context.loginPassword]) {
    const text = value?.trim().toLowerCase()
    if (!text) continue
    inputs.add(text)
    for (const part of [...text.split(/[^\p{L}\p{N}]+/u), ...(text.match(/[a-z]+|\d+/g) ?? [])]) if (part.length >= 3) inputs.add(part)
  }
  const phone = context.phoneNumber?.trim()
  if (phone) for (const tail of [4, 6, 8]) inputs.add(phone.slice(-tail))
  return [...inputs]
}

function binomial(n: number, k: number): number {
  let result = 1
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i
  return result
}

/**
 * The guesses of the password, and the patterns that make them. zxcvbn counts symbols between two guessable parts as
 * a part of their own, guessed by brute force, which puts Admin@2026 at 10^8; an attacker's rules take a guess
 * without symbols and insert a few, each a choice of a dozen, at the seams of its parts (its ends included) — or,
 * for symbols elsewhere, at any place. That is estimated too, and the smaller count is the answer.
 */
function estimate(password: string, inputs: string[]): { guesses: number; sequence: MatchExtended[] } {
  const typed = estimator().check(password, inputs)
  const characters = [...password]
  const isSymbol = (c: string) => !/[\p{L}\p{N}]/u.test(c)
  const bare = characters.filter((c) => !isSymbol(c)).join('')
  // Where each symbol stands in the password without symbols: how many characters of it come before.
  const at = characters.flatMap((c, i) => (isSymbol(c) ? [characters.slice(0, i).filter((x) => !isSymbol(x)).length] : []))
  if (at.length === 0 || bare.length === 0) return typed
  const stripped = estimator().check(bare, inputs)
  const seams = new Set([bare.length, ...stripped.sequence.map((m) => m.i)])
  const places = at.every((i) => seams.has(i)) ? seams.size ** at.length : binomial(characters.length, at.length)
  const guesses = stripped.guesses * places * SYMBOL_CHOICES ** at.length
  return guesses < typed.guesses ? { guesses, sequence: stripped.sequence } : typed
}

const COMMON_LISTS = new Set(['passwords-common', 'passwords-cn'])

/** What the refusal names: the first of these patterns the estimate is made of, in this order. */
function weaknessOf(sequence: MatchExtended[]): PasswordWeakness {
  const has = (test: (m: MatchExtended) => boolean) => sequence.some(test)
  if (has((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')) return 'personal'
  if (has((m) => m.pattern === 'dictionary' && COMMON_LISTS.has(m.dictionaryName))) return 'common'
  if (has((m) => m.pattern === 'dictionary' && m.token.length >= 3)) return 'word'
  if (has((m) => m.pattern === 'spatial')) return 'keyboard'
  if (has((m) => m.pattern === 'repeat')) return 'repeated'
  if (has((m) => m.pattern === 'sequence')) return 'sequence'
  if (has((m) => m.pattern === 'date' || m.pattern === 'regex')) return 'date'
  return 'short'
}

/** Why a new login password is refused (a Chinese sentence: the pattern found, and what to do), or undefined. */
export function loginPasswordRefusal(password: string, context: PasswordContext): string | undefined {
  const { guesses, sequence } = estimate(password, userInputs(context))
  return scoreOf(guesses) >= LOGIN_MIN_SCORE ? undefined : passwordStrengthText.login(weaknessOf(sequence))
}

/** Why a new secondary password is refused: guessed at once, or the login password itself. */
export function secondaryPasswordRefusal(secondaryPassword: string, context: PasswordContext): string | undefined {
  if (context.loginPassword !== undefined && secondaryPassword === context.loginPassword) return passwordStrengthText.secondarySameAsLogin
  const { guesses, sequence } = estimate(secondaryPassword, userInputs(context))
  return guesses >= SECONDARY_MIN_GUESSES ? undefined : passwordStrengthText.secondary(weaknessOf(sequence))
}

/** A new login password (registration, staff and company accounts, the personal centre): refused with 400 when weak. */
export function requireStrongPassword(password: string, context: PasswordContext): void {
  const refusal = loginPasswordRefusal(password, context)
  if (refusal) throw ApiError.badRequest(refusal)
}

/** A new secondary password: refused with 400 when guessed at once or the login password. */
export function requireStrongSecondaryPassword(secondaryPassword: string, context: PasswordContext): void {
  const refusal = secondaryPasswordRefusal(secondaryPassword, context)
  if (refusal) throw ApiError.badRequest(refusal)
}
