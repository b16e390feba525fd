import type { FleetService } from './modules/fleet/service'
import type { AppConfig } from './config'
import type { Db } from './db/client'
import type { CurrentUser } from './auth/sessions'
import type { CaptchaService } from './auth/captcha'
import type { SessionService } from './auth/sessions'
import type { SmsProvider } from './sms/provider'
import type { SecretBox } from './crypto/secret-box'
import type { RateLimiter } from './auth/rate-limit'
import type { HuaweiTypePlatform } from '../shared/domain/device-areas'
import type { TaskService } from './modules/task/service'
import type { QuotaService } from './modules/quota/service'
import type { AgentService, DeviceCredential } from './protocol/agent/service'
import type { DeviceService } from './modules/huawei-device/service'
import type { CertificateAuthority } from './protocol/apple/ca'
import type { ApnsClient } from './protocol/apple/apns'
import type { AppleWebServices } from './protocol/apple/commands'
import type { AppleMdmService } from './protocol/apple/service'
import type { DepEnrollmentService } from './protocol/apple/dep-enrollment'
import type { MyDeviceService } from './modules/my-device/service'
import type { EnrollmentLinks } from './modules/my-device/enrollment-link'
import type { IosDeviceService } from './modules/my-device/devices'
import type { IosDetailService } from './modules/ios-detail/service'
import type { CommonPhraseService } from './modules/common-phrases/service'
import type { AccountService } from './modules/account/service'
import type { PersonalCenterService } from './modules/personal-center/service'
import type { RoleService } from './modules/role/service'
import type { CompanyService } from './modules/company/service'
import type { StaffService } from './modules/staff/service'
import type { QuotaAccountService } from './modules/quota/account-service'
import type { RegistrationService } from './modules/registration/service'
import type { AccessKeyService } from './modules/access/service'
import type { AuditService } from './modules/audit/service'
import type { IosAppService } from './modules/ios-apps/service'
import type { WallpaperService } from './modules/ios-wallpaper/service'
import type { CertificateService } from './modules/certificate/service'
import type { AnnouncementService } from './modules/announcement/service'
import type { AgreementService } from './modules/contract/service'
import type { WorkspaceService } from './modules/workspace/service'
import type { RenewService } from './modules/renew/service'
import type { LifecycleService } from './modules/lifecycle/service'
import type { BlacklistService } from './modules/blacklist/service'
import type { AbmService } from './modules/abm/service'

/**
 * What every request handler can reach: configuration, database and the services built on it. A registry: it names
 * every service, so no service imports it; each declares the collaborators it is given by their own types.
 */
export interface Services {
  config: AppConfig
  db: Db
  captcha: CaptchaService
  sessions: SessionService
  /** null when MDM_SMS_PROVIDER=none: nothing can be sent. */
  /** Failed sign-ins, signatures and enrollments, counted in the database (issue #10). */
  limiter: RateLimiter
  sms: SmsProvider | null
  /** Seals secrets the server must read back (access secrets) before they are stored. */
  secrets: SecretBox
  /** The command queue (the one `tasks` table). */
  tasks: TaskService
  quota: QuotaService
  /** The Huawei / Mi agent protocol's device side. */
  agent: AgentService
  /** Each Huawei-type device area's devices, by platform. */
  devices: Readonly<Record<HuaweiTypePlatform, DeviceService>>
  /** Apple MDM: the CA issuing device identities, APNs, and Apple's web services (ABM). */
  appleCa: CertificateAuthority
  apns: ApnsClient
  appleWebServices: AppleWebServices
  /** Apple MDM's device side (check-in and command endpoints). */
  appleMdm: AppleMdmService
  /** Apple devices in the console's 'my device' lists: search, detail, add, register, edits, recycle bin, export, apps. */
  iosDevices: IosDeviceService
  /** The console's Apple 'my device' actions (profile download, commands). */
  myDevices: MyDeviceService
  /** Issue #42: the enrollment URL of automated enrollment (a phone's signed MachineInfo → its company's profile). */
  depEnrollment: DepEnrollmentService
  /** The Apple detail's restriction strategy, lock-screen message, device information and location (issue #14). */
  iosDetail: IosDetailService
  enrollmentLinks: EnrollmentLinks
  /** Saved phrases and phones of the lost-mode dialog. */
  commonPhrases: CommonPhraseService
  account: AccountService
  personalCenter: PersonalCenterService
  roles: RoleService
  companies: CompanyService
  staff: StaffService
  quotaAccounts: QuotaAccountService
  registrations: RegistrationService
  accessKeys: AccessKeyService
  audit: AuditService
  /** The iOS detail's apps and wallpaper tabs, and the APNs certificate page (issue #14). */
  iosApps: IosAppService
  wallpapers: WallpaperService
  certificates: CertificateService
  /** Announcements and the service agreement (issue #15). */
  announcements: AnnouncementService
  agreements: AgreementService
  /** The dashboard's figures (issue #15). */
  workspace: WorkspaceService
  /** Renewals of Apple devices' service and the platform's blacklist (issue #15). */
  renewals: RenewService
  /** The rental lifecycle (issue #45): policy, automatic lock at the end of service, reminders. */
  lifecycle: LifecycleService
  blacklist: BlacklistService
  /** Issue #42: each company's Apple Business Manager link, its devices and their sync. */
  abm: AbmService
  /** Issue #44: one command for every device a search matches, and its progress. */
  fleet: FleetService
}

export interface AppEnv {
  Variables: {
    services: Services
    /** Set by the guard on every route that is not public. */
    user: CurrentUser
    /** Set by the device guard of the agent protocol. */
    device: DeviceCredential
  }
}

/**
 * The one request context every endpoint handler receives (issue #9): the services, who is asking and from where.
 * `user` and `device` are there only on endpoints whose access rule signs one in; reading them elsewhere throws.
 */
export interface RequestContext {
  readonly services: Services
  readonly user: CurrentUser
  readonly device: DeviceCredential
  readonly clientIp: string
}
