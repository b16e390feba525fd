import { Hono } from 'hono'
import {
  ChildrenDeviceQuery,
  CompanyAddRequest,
  CompanyResetPasswordRequest,
  CompanySearchQuery,
  CompanyUpdateRequest,
  ListChildrenQuery,
} from '../../../shared/contract/company'
import { organizationMessages, successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody, parseQuery } from '../../http/envelope'
import { CompanyService } from './service'

const service = (c: { var: AppEnv['Variables'] }) => new CompanyService(c.var.services.db, c.var.services.sessions, c.var.user)
const company = access.authority('company')

export const companyRoutes = new Hono<AppEnv>()
  .get('/company/search', company, async (c) => ok(c, await service(c).search(parseQuery(c, CompanySearchQuery))))
  .get('/company/listChildren', company, async (c) => ok(c, await service(c).listChildren(parseQuery(c, ListChildrenQuery).companyId)))
  .get('/company/searchChildrenDevice', company, async (c) => ok(c, await service(c).devices(parseQuery(c, ChildrenDeviceQuery))))
  .post('/company/add', company, async (c) => ok(c, await service(c).add(await parseBody(c, CompanyAddRequest)), successMessages.save))
  .put('/company/update', company, async (c) => {
    await service(c).update(await parseBody(c, CompanyUpdateRequest))
    return ok(c, null, successMessages.edit)
  })
  .put('/company/resetPassword', company, async (c) =>
    ok(c, await service(c).resetPassword((await parseBody(c, CompanyResetPasswordRequest)).bossId), organizationMessages.resetPasswordDone),
  )
