import { Hono } from 'hono'
import { TaskStatusQuery } from '../../../shared/contract/huawei-device'
import { access } from '../../auth/guard'
import { visibleDeviceCondition } from '../../auth/scope'
import type { AppEnv } from '../../context'
import { ok, parseQuery } from '../../http/envelope'
import { TaskService } from './service'

/**
 * GET /task/status?taskId= (SPEC §7), on both bases: the console polls it after a command that returns a task. Any
 * signed-in user may ask about a task of a device they see; secrets in the result are for its author only.
 */
export const taskRoutes = new Hono<AppEnv>().get('/task/status', access.signedIn, async (c) => {
  const { taskId } = parseQuery(c, TaskStatusQuery)
  const visible = await visibleDeviceCondition(c.var.services.db, c.var.user)
  return ok(c, await new TaskService(c.var.services.db, c.var.services.secrets, undefined, c.var.services.config.taskTimeouts).status(taskId, c.var.user, visible))
})
