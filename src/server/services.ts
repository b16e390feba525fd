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
import { createApns } from './protocol/apple/apns'
import { unconfiguredWebServices } from './protocol/apple/commands'
import { AppleMdmService } from './protocol/apple/service'
import { MyDeviceService } from './modules/my-device/service'

/**
 * The one place services are built (issue #9): each once per server, each given its collaborators here — no
 * service builds another. Handlers reach them through the request context.
 */
export function createServices(config: AppConfig, db: Db): Services {
  const secrets = createSecretBox(resolveSecretKey({ key: config.secretKey, keyFile: config.secretKeyFile, databaseUrl: config.databaseUrl }))
  const tasks = new TaskService(db, secrets, undefined, config.taskTimeouts)
  const quota = new QuotaService(db)
  const deviceDeps = { db, tasks, quota }
  const apple = {
    // An in-memory database gets a CA of this process: its devices die with it.
    appleCa: config.databaseUrl === 'memory://' ? ephemeralCa() : loadOrCreateCa(config.apple.caDir),
    apns: createApns(config.apple),
    appleWebServices: unconfiguredWebServices,
  }
  const appleMdm = new AppleMdmService({ db, secrets, tasks, quota })
  return {
    config,
    db,
    captcha: new CaptchaService(db, config.captchaAnswer),
    sessions: new SessionService(db, config.tokenTtlMs),
    limiter: new RateLimiter(db),
    sms: createSmsProvider(config.smsProvider),
    secrets,
    tasks,
    quota,
    agent: new AgentService(deviceDeps),
    devices: { HUAWEI: new DeviceService(deviceDeps, 'HUAWEI'), MI: new DeviceService(deviceDeps, 'MI') },
    ...apple,
    appleMdm,
    myDevices: new MyDeviceService({ db, config, tasks, appleMdm, ...apple }),
  }
}
