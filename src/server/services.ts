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

/**
 * The one place services are built (issue #9): each once per server, each given its collaborators here — no
 * service builds another. Handlers reach them through the request context.
 */
export function createServices(config: AppConfig, db: Db): Services {
  const secrets = createSecretBox(resolveSecretKey({ key: config.secretKey, keyFile: config.secretKeyFile, databaseUrl: config.databaseUrl }))
  const tasks = new TaskService(db, secrets)
  const quota = new QuotaService(db)
  const deviceDeps = { db, tasks, quota }
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
  }
}
