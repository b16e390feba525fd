import type { AppConfig } from './config'
import type { Db } from './db/client'
import type { CurrentUser } from './auth/sessions'
import type { CaptchaService } from './auth/captcha'
import type { SessionService } from './auth/sessions'
import type { SmsProvider } from './sms/provider'
import type { SecretBox } from './crypto/secret-box'
import type { CertificateAuthority } from './protocol/apple/ca'
import type { ApnsClient } from './protocol/apple/apns'
import type { AppleWebServices } from './protocol/apple/commands'

/** What every request handler can reach: configuration, database and the services built on it. */
export interface Services {
  config: AppConfig
  db: Db
  captcha: CaptchaService
  sessions: SessionService
  /** null when MDM_SMS_PROVIDER=none: nothing can be sent. */
  sms: SmsProvider | null
  /** Seals secrets the server must read back (access secrets) before they are stored. */
  secrets: SecretBox
  /** Apple MDM: the CA issuing device identities, APNs, and Apple's web services (ABM). */
  appleCa: CertificateAuthority
  apns: ApnsClient
  appleWebServices: AppleWebServices
}

export interface AppEnv {
  Variables: {
    services: Services
    /** Set by the guard on every route that is not public. */
    user: CurrentUser
  }
}
