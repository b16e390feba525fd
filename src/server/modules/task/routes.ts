import { taskEndpoints } from '../../../shared/contract/huawei-device'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'

/**
 * GET /task/status?taskId= (SPEC §7), on both bases: the console polls it after a command that returns a task. Any
 * signed-in user may ask about a task of a device they see; secrets in the result are for its author only.
 */
const status = (ctx: RequestContext, q: { taskId: string }) => ctx.services.tasks.statusFor(ctx.user, q.taskId)

export const taskRoutes = routesOf(taskEndpoints, { status, huaweiStatus: status })
