import type { AppConfig } from './config'
import type { Services } from './context'
import type { Db } from './db/client'
import { CaptchaService } from './auth/captcha'
import { SessionService } from './auth/sessions'
import { RateLimiter } from './auth/rate-limit'
import { createSmsProvider } from './sms/provider'
import { createSecretBox, resolveSecretKey } from './crypto/secret-box'
import { TaskService } from './modules/task/service'
import { QuotaService } from './modules/quota/service'
import { AgentService } from './protocol/agent/service'
import { DeviceService } from './modules/huawei-device/service'
import { ephemeralCa, loadOrCreateCa } from './protocol/apple/ca'
import { unconfiguredWebServices, type AppleWebServices } from './protocol/apple/commands'
import { AppleMdmService } from './protocol/apple/service'
import { DepEnrollmentService, depRoots } from './protocol/apple/dep-enrollment'
import { MyDeviceService } from './modules/my-device/service'
import { EnrollmentLinks } from './modules/my-device/enrollment-link'
import { IosDeviceService } from './modules/my-device/devices'
import { IosDetailService } from './modules/ios-detail/service'
import { AmapGeocoder } from './modules/ios-detail/amap'
import { CommonPhraseService } from './modules/common-phrases/service'
import { AccountService } from './modules/account/service'
import { PersonalCenterService } from './modules/personal-center/service'
import { RoleService } from './modules/role/service'
import { CompanyService } from './modules/company/service'
import { StaffService } from './modules/staff/service'
import { QuotaAccountService } from './modules/quota/account-service'
import { RegistrationService } from './modules/registration/service'
import { AccessKeyService } from './modules/access/service'
import { AuditService } from './modules/audit/service'
import { ReloadableApns } from './modules/certificate/reloadable-apns'
import { CertificateService } from './modules/certificate/service'
import { vendorIdentityOf } from './modules/certificate/push-request'
import { IosAppService } from './modules/ios-apps/service'
import { WallpaperService } from './modules/ios-wallpaper/service'
import { AnnouncementService } from './modules/announcement/service'
import { AgreementService } from './modules/contract/service'
import { WorkspaceService } from './modules/workspace/service'
import { RenewService } from './modules/renew/service'
import { LifecycleService } from './modules/lifecycle/service'
import { BlacklistService } from './modules/blacklist/service'
import { AbmService } from './modules/abm/service'
import { FleetService } from './modules/fleet/service'
import { ActivationLockService } from './modules/abm/activation-lock'
import { deviceServicesClient } from './modules/abm/device-services'

/**
 * The one place services are built (issue #9): each once per server, each given its collaborators here — no
 * service builds another. Handlers reach them through the request context.
 */
export function createServices(config: AppConfig, db: Db): Services {
  const secrets = createSecretBox(resolveSecretKey({ key: config.secretKey, keyFile: config.secretKeyFile, databaseUrl: config.databaseUrl }))
  const tasks = new TaskService(db, secrets, undefined, config.taskTimeouts)
  const quota = new QuotaService(db)
  const limiter = new RateLimiter(db)
  // Adding or registering a device checks the blacklist (issue #15).
  const blacklist = new BlacklistService(db, secrets, limiter)
  const deviceDeps = { db, tasks, quota, limiter, blacklist }
  // Issue #42: the company's Apple Business Manager link; 解除ABM is its call.
  const abm = new AbmService({ db, secrets, config })
  const apns = new ReloadableApns(config.apple)
  // Issue #42: 删除激活锁 at Apple's device services (the push certificate is the TLS identity), with the bypass code
  // escrowed with ABM at 下发激活锁 or read from the phone (askDevice).
  const activationLock: ActivationLockService = new ActivationLockService({
    db,
    secrets,
    abm,
    deviceServices: deviceServicesClient({ baseUrl: config.apple.deviceServicesUrl, identity: () => apns.tlsIdentity(), caFile: config.apple.deviceServicesCaFile }),
    askDevice: (device) =>
      myDevices
        .sendRequests({ deviceId: device.id, companyId: device.companyId, type: 'disableActivationLock', createdBy: null }, [{ requestType: 'ActivationLockBypassCode', params: {} }])
        .then((queued) => queued.taskId),
    answerWaitMs: config.commandAnswerWaitMs,
  })
  const apple = {
    // An in-memory database gets a CA of this process: its devices die with it.
    appleCa: config.databaseUrl === 'memory://' ? ephemeralCa() : loadOrCreateCa(config.apple.caDir),
    apns,
    appleWebServices: {
      ...unconfiguredWebServices,
      disown: (device: { serialNumber: string; companyId: number }) => abm.disownDevice(device),
      disableActivationLock: (device, user) => activationLock.disable(device, user),
      escrowBeforeLock: (device) => activationLock.escrowBeforeLock(device),
    } satisfies AppleWebServices,
  }
  const appleMdm = new AppleMdmService({ db, secrets, tasks, quota, apns: apple.apns })
  const captcha = new CaptchaService(db, secrets, config.captchaAnswer)
  const sessions = new SessionService(db, config.tokenTtlMs)
  const sms = createSmsProvider(config.smsProvider)
  const roles = new RoleService(db)
  const iosDevices = new IosDeviceService(deviceDeps)
  const huaweiTypeDevices = { HUAWEI: new DeviceService(deviceDeps, 'HUAWEI'), MI: new DeviceService(deviceDeps, 'MI') }
  const myDevices = new MyDeviceService({ db, limiter, config, secrets, tasks, appleMdm, iosDevices, ...apple })
  const detailDeps = { db, tasks, myDevices, appleMdm, iosDevices }
  return {
    config,
    db,
    captcha,
    sessions,
    limiter,
    sms,
    secrets,
    tasks,
    quota,
    agent: new AgentService({ ...deviceDeps, pollIntervalSeconds: config.agentPollSeconds }),
    devices: huaweiTypeDevices,
    ...apple,
    appleMdm,
    iosDevices,
    myDevices,
    depEnrollment: new DepEnrollmentService({
      roots: depRoots(config.apple.depRootsFile),
      ownerOfSerial: (serial) => abm.ownerOfSerial(serial),
      issueProfile: (companyId, createdBy, commonName) => myDevices.issueProfile(companyId, createdBy, commonName),
    }),
    iosDetail: new IosDetailService({ db, iosDevices, myDevices, geocoder: config.amap ? new AmapGeocoder(config.amap.url, config.amap.key) : null }),
    enrollmentLinks: new EnrollmentLinks({ db, secrets, myDevices }),
    commonPhrases: new CommonPhraseService(db),
    account: new AccountService({ db, captcha, sessions, limiter }),
    personalCenter: new PersonalCenterService(db, sessions, sms, limiter),
    roles,
    companies: new CompanyService(db, sessions, roles, quota),
    staff: new StaffService(db, sessions, roles),
    quotaAccounts: new QuotaAccountService(db, quota),
    registrations: new RegistrationService(db, quota),
    accessKeys: new AccessKeyService(db, secrets),
    audit: new AuditService(db),
    iosApps: new IosAppService(detailDeps),
    wallpapers: new WallpaperService(detailDeps),
    certificates: new CertificateService({ db, secrets, apns: apple.apns, vendor: vendorIdentityOf(config.apple) }),
    announcements: new AnnouncementService(db),
    agreements: new AgreementService(db),
    workspace: new WorkspaceService(db),
    renewals: new RenewService(db, quota),
    lifecycle: new LifecycleService({ db, appleMdm, sms }),
    blacklist,
    abm,
    fleet: new FleetService({ db, lists: { IOS: iosDevices, ...huaweiTypeDevices }, wake: (enrollment) => appleMdm.wake(enrollment) }),
  }
}
