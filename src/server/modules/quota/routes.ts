import { Hono } from 'hono'
import { AccountCreateRequest, AccountInfoQuery, ChangeQuantityRequest, ConsumedRecordQuery } from '../../../shared/contract/quota'
import { successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody, parseQuery } from '../../http/envelope'
import { QuotaAccountService } from './account-service'

const service = (c: { var: AppEnv['Variables'] }) => new QuotaAccountService(c.var.services.db, c.var.user)
// The quota type comes with the request; the service then checks quota:ios or quota:huawei for it.
const anyQuota = access.anyAuthority('quota:ios', 'quota:huawei')

export const quotaRoutes = new Hono<AppEnv>()
  .post('/account/changeQuantity', access.authority('company'), async (c) =>
    ok(c, await service(c).changeQuantity(await parseBody(c, ChangeQuantityRequest)), successMessages.changeQuantity),
  )
  .post('/account/create', access.authority('company'), async (c) =>
    ok(c, await service(c).openHuawei((await parseBody(c, AccountCreateRequest)).companyId), successMessages.openHuawei),
  )
  .get('/account/consumedRecord/search', anyQuota, async (c) => ok(c, await service(c).records(parseQuery(c, ConsumedRecordQuery))))
  .get('/account/info', anyQuota, async (c) => {
    const q = parseQuery(c, AccountInfoQuery)
    return ok(c, await service(c).info(q.quotaType, q.companyId))
  })
  .get('/userCenter/account/info', access.signedIn, async (c) => ok(c, await service(c).own()))
