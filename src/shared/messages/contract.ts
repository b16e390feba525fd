/**
 * Messages of the request contracts (src/shared/contract) and the password rule they check.
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** Issue #11: the password rule (contract passwordSchema), shown beside the field before submit. */
export const passwordRuleText = '至少 8 个字符，须同时包含字母和数字'

/** Rules the contracts state themselves (src/shared/contract), and the name used when no field is named. */
export const contractMessages = {
  requestParams: '请求参数',
  usernameFormat: '用户名只能包含字母、数字和 _ . @ -',
  passwordRequired: '请输入密码',
  passwordTooShort: '密码长度不能少于8个字符',
  passwordLettersAndDigits: '密码必须同时包含字母和数字',
  /** Issue #43: an empty phone field is asked for, not told its format. */
  phoneNumberRequired: '请输入手机号',
  phoneNumberFormat: '手机号必须是11位数字，以1开头',
  smsCodeFormat: '短信验证码是6位数字',
  passwordBlank: '密码不能全是空格',
  /** Arrays or objects nested deeper than any real request (a nesting bomb). */
  nestedTooDeep: '请求内容嵌套过深',
} as const
