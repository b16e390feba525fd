import { Hono } from 'hono'
import {
  StaffAddRequest,
  StaffDeleteRequest,
  StaffResetPasswordRequest,
  StaffSearchQuery,
  StaffUpdateRequest,
} from '../../../shared/contract/staff'
import { organizationMessages, successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody, parseQuery } from '../../http/envelope'
import { StaffService } from './service'

const service = (c: { var: AppEnv['Variables'] }) => new StaffService(c.var.services.db, c.var.services.sessions, c.var.user)
const staff = access.authority('staff')

export const staffRoutes = new Hono<AppEnv>()
  .get('/company/staff/search', staff, async (c) => ok(c, await service(c).search(parseQuery(c, StaffSearchQuery))))
  .post('/company/staff/add', staff, async (c) => ok(c, await service(c).add(await parseBody(c, StaffAddRequest)), successMessages.save))
  .put('/company/staff/update', staff, async (c) => {
    await service(c).update(await parseBody(c, StaffUpdateRequest))
    return ok(c, null, successMessages.edit)
  })
  .post('/company/staff/delete', staff, async (c) => {
    await service(c).remove((await parseBody(c, StaffDeleteRequest)).id)
    return ok(c, null, successMessages.delete)
  })
  .put('/company/staff/resetPassword', staff, async (c) =>
    ok(c, await service(c).resetPassword((await parseBody(c, StaffResetPasswordRequest)).staffId), organizationMessages.resetPasswordDone),
  )
