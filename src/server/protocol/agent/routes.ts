import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { EnrollRequest, PollRequest, ResultRequest } from '../../../shared/contract/agent'
import { huaweiDeviceText as t } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody } from '../../http/envelope'
import { ApiError } from '../../http/errors'
import { clientIp } from '../../http/client-ip'
import { limits } from '../../auth/rate-limit'
import { ResultCode } from '../../../shared/contract/envelope'
import { AgentService, type AuthenticatedDevice } from './service'

type AgentEnv = { Variables: AppEnv['Variables'] & { device: AuthenticatedDevice } }

const service = (c: { var: AppEnv['Variables'] }) => new AgentService(c.var.services)

/** Every call after enrollment carries the device's own credential: `Authorization: Device <credential>`. */
const deviceCredential = createMiddleware<AgentEnv>(async (c, next) => {
  const match = c.req.header('authorization')?.match(/^Device\s+(\S+)$/i)
  const device = match ? await service(c).authenticate(match[1]) : null
  if (!device) throw ApiError.unauthorized(t.deviceCredentialInvalid)
  c.set('device', device)
  await next()
})

/** The Huawei / Mi agent protocol, mounted at /agent/v1 (docs/agent-protocol.md). */
export const agentRoutes = new Hono<AppEnv>()
  .post('/enroll', access.public, async (c) => {
    // Issue #10: enrollment tokens guessed from one address are limited (a refused token counts; enrolling does not,
    // so a fleet behind one NAT enrolls freely).
    const { limiter } = c.var.services
    const address = clientIp(c)
    await limiter.check(limits.enrollPerAddress, address)
    try {
      return ok(c, await service(c).enroll(await parseBody(c, EnrollRequest)))
    } catch (err) {
      if (err instanceof ApiError && err.code === ResultCode.unauthorized) await limiter.hit(limits.enrollPerAddress, address)
      throw err
    }
  })
  .post('/poll', deviceCredential, async (c) => ok(c, await service(c).poll(c.var.device, await parseBody(c, PollRequest))))
  .post('/result', deviceCredential, async (c) => ok(c, await service(c).report(c.var.device, await parseBody(c, ResultRequest))))
