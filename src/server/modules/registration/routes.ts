import { Hono } from 'hono'
import { RegistrationIdRequest, RegistrationSearchQuery, RegistrationUpdateRequest } from '../../../shared/contract/registration'
import { successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody, parseQuery } from '../../http/envelope'
import { RegistrationService } from './service'

const service = (c: { var: AppEnv['Variables'] }) => new RegistrationService(c.var.services.db)
const review = access.authority('register:review')

export const registrationRoutes = new Hono<AppEnv>()
  .get('/user/register/search', review, async (c) => ok(c, await service(c).search(parseQuery(c, RegistrationSearchQuery))))
  .post('/user/register/approved', review, async (c) => {
    await service(c).approve((await parseBody(c, RegistrationIdRequest)).id)
    return ok(c, null, successMessages.approve)
  })
  .post('/user/register/rejected', review, async (c) => {
    await service(c).reject((await parseBody(c, RegistrationIdRequest)).id)
    return ok(c, null, successMessages.reject)
  })
  .post('/user/register/delete', review, async (c) => {
    await service(c).remove((await parseBody(c, RegistrationIdRequest)).id)
    return ok(c, null, successMessages.delete)
  })
  .put('/user/register/update', review, async (c) => {
    await service(c).update(await parseBody(c, RegistrationUpdateRequest))
    return ok(c, null, successMessages.edit)
  })
