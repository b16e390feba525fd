import { createMiddleware } from 'hono/factory'
import { agentEndpoints } from '../../../shared/contract/agent'
import { huaweiDeviceText as t } from '../../../shared/messages'
import type { AppEnv } from '../../context'
import { routesOf } from '../../http/endpoints'
import { ApiError } from '../../http/errors'
import { limits } from '../../auth/rate-limit'
import { ResultCode } from '../../../shared/contract/envelope'

/** Every call after enrollment carries the device's own credential: `Authorization: Device <credential>`. */
export const deviceCredential = createMiddleware<AppEnv>(async (c, next) => {
  const match = c.req.header('authorization')?.match(/^Device\s+(\S+)$/i)
  const device = match ? await c.var.services.agent.authenticate(match[1]) : null
  if (!device) throw ApiError.unauthorized(t.deviceCredentialInvalid)
  c.set('device', device)
  await next()
})

/** The Huawei / Mi agent protocol, mounted at /agent/v1 (docs/agent-protocol.md). */
export const agentRoutes = routesOf(agentEndpoints, {
  enroll: async (ctx, req) => {
    // Issue #10: enrollment tokens guessed from one address are limited (a refused token counts; enrolling does not,
    // so a fleet behind one NAT enrolls freely).
    const { limiter } = ctx.services
    await limiter.check(limits.enrollPerAddress, ctx.clientIp)
    try {
      return await ctx.services.agent.enroll(req)
    } catch (err) {
      if (err instanceof ApiError && err.code === ResultCode.unauthorized) await limiter.hit(limits.enrollPerAddress, ctx.clientIp)
      throw err
    }
  },
  poll: (ctx, req) => ctx.services.agent.poll(ctx.device, req),
  result: (ctx, req) => ctx.services.agent.report(ctx.device, req),
})
