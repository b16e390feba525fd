/**
 * The server's refusals of a password that is easy to guess (issue #41 item 5, src/server/auth/password-strength.ts):
 * why — the pattern the estimator found — and what to do instead. A form shows them at the password field
 * (fieldOfPasswordRefusal), so each is one of a fixed set of sentences.
 */
export const passwordWeaknesses = {
  personal: '含有用户名、姓名、手机号或公司名',
  common: '以常见密码为基础',
  word: '以常见单词或人名为基础',
  keyboard: '含键盘上相邻的按键（如 qwerty、1qaz）',
  repeated: '含重复的字符或片段（如 aaa、abcabc）',
  sequence: '含连续的字母或数字（如 abc、1234）',
  date: '含年份或日期',
  short: '太短，变化太少',
} as const

export type PasswordWeakness = keyof typeof passwordWeaknesses

export const passwordStrengthText = {
  login: (weakness: PasswordWeakness) =>
    `密码太容易被猜到：${passwordWeaknesses[weakness]}。请使用更长、不含用户名和常见单词的密码，例如把几个不相关的词与数字、符号组合起来`,
  secondary: (weakness: PasswordWeakness) =>
    `二级密码太容易被猜到：${passwordWeaknesses[weakness]}。请换一个没有规律、不是生日或手机号的密码，例如 6 位以上不规则的数字`,
  secondarySameAsLogin: '二级密码不能与登录密码相同',
} as const

const weaknesses = Object.keys(passwordWeaknesses) as PasswordWeakness[]

/**
 * The field each refusal is about, as common.ts fieldOfRefusal names fields (components/form-rules.ts showFieldError):
 * the first name the form has, since a new login password is `newPassword` in the personal centre and `password` in
 * the other forms.
 */
export const fieldOfPasswordRefusal: Readonly<Record<string, readonly string[]>> = Object.fromEntries([
  ...weaknesses.map((weakness) => [passwordStrengthText.login(weakness), ['newPassword', 'password']]),
  ...weaknesses.map((weakness) => [passwordStrengthText.secondary(weakness), ['secondaryPassword']]),
  [passwordStrengthText.secondarySameAsLogin, ['secondaryPassword']],
])
