import { createMiddleware } from 'hono/factory'
import { agentEndpoints } from '../../../shared/contract/agent'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import type { AppEnv } from '../../context'
import { routesOf } from '../../http/endpoints'
import { ApiError } from '../../http/errors'
import { hashToken } from '../../auth/sessions'

/**
 * Every call after enrollment carries the device's own credential: `Authorization: Device <credential>`. A request
 * without one is refused here; whether a device holds it is checked by the handler's own statement (issue #16: a
 * poll is one round trip), which answers the same 401.
 */
export const deviceCredential = createMiddleware<AppEnv>(async (c, next) => {
  const match = c.req.header('authorization')?.match(/^Device\s+(\S+)$/i)
  if (!match) throw ApiError.unauthorized(t.deviceCredentialInvalid)
  c.set('device', { hash: hashToken(match[1]) })
  await next()
})

/** The Huawei / Mi agent protocol, mounted at /agent/v1 (docs/agent-protocol.md). */
export const agentRoutes = routesOf(agentEndpoints, {
  enroll: (ctx, req) => ctx.services.agent.enrollFrom(ctx.clientIp, req),
  poll: (ctx, req) => ctx.services.agent.poll(ctx.device, req),
  result: (ctx, req) => ctx.services.agent.report(ctx.device, req),
})
