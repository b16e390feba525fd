import { Hono } from 'hono'
import {
  AuthorityTreeQuery,
  RoleAddRequest,
  RoleDeleteRequest,
  RoleDetailQuery,
  RoleListQuery,
  RoleSearchQuery,
  RoleUpdateRequest,
} from '../../../shared/contract/role'
import { successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody, parseQuery } from '../../http/envelope'
import { RoleService } from './service'

const service = (c: { var: AppEnv['Variables'] }) => new RoleService(c.var.services.db, c.var.user)
const role = access.authority('role')

export const roleRoutes = new Hono<AppEnv>()
  .get('/authority/tree', role, (c) => ok(c, service(c).tree(parseQuery(c, AuthorityTreeQuery).authorityUserType)))
  .get('/role/search', role, async (c) => ok(c, await service(c).search(parseQuery(c, RoleSearchQuery))))
  .get('/role/detail', role, async (c) => ok(c, await service(c).detail(parseQuery(c, RoleDetailQuery).roleId)))
  .get('/role/list', access.anyAuthority('role', 'staff', 'company'), async (c) => {
    // The role picker of the staff and company forms, so it opens to whoever manages those too.
    const q = parseQuery(c, RoleListQuery)
    return ok(c, await service(c).list(q.roleType, q.companyId))
  })
  .post('/role/add', role, async (c) => ok(c, await service(c).add(await parseBody(c, RoleAddRequest)), successMessages.save))
  .put('/role/update', role, async (c) => {
    await service(c).update(await parseBody(c, RoleUpdateRequest))
    return ok(c, null, successMessages.edit)
  })
  .post('/role/delete', role, async (c) => {
    await service(c).remove((await parseBody(c, RoleDeleteRequest)).id)
    return ok(c, null, successMessages.delete)
  })
