import { passwordRuleText } from '../../shared/messages/contract'

/** The rule a chosen password must meet, shown before submit rather than learnt from a refusal (issue #11). */
export function PasswordRule() {
  return <span className="password-rule">{passwordRuleText}</span>
}
