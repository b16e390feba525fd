import { Hono } from 'hono'
import {
  SendCodeRequest,
  UpdatePasswordRequest,
  UpdatePhoneNumberRequest,
  UpdateSecondaryPasswordRequest,
} from '../../../shared/contract/personal-center'
import { successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody } from '../../http/envelope'
import { clientIp } from '../../http/client-ip'
import { limits } from '../../auth/rate-limit'
import { PersonalCenterService } from './service'

const service = (c: { var: AppEnv['Variables'] }) =>
  new PersonalCenterService(c.var.services.db, c.var.services.sessions, c.var.services.sms, c.var.user)

/** Every signed-in user has a personal centre (SPEC §2 adds /center to every menu). */
export const personalCenterRoutes = new Hono<AppEnv>()
  .get('/userCenter/security', access.signedIn, async (c) => ok(c, await service(c).security()))
  .put('/userCenter/updatePassword', access.signedIn, async (c) => {
    await service(c).updatePassword(await parseBody(c, UpdatePasswordRequest))
    return ok(c, null, successMessages.changePassword)
  })
  .put('/userCenter/updateSecondaryPassword', access.signedIn, async (c) => {
    await service(c).updateSecondaryPassword(await parseBody(c, UpdateSecondaryPasswordRequest))
    return ok(c, null, successMessages.changePassword)
  })
  .post('/sms/sendCode', access.signedIn, async (c) => {
    // Each account has its own limit (the service's); codes sent from one address are limited too (issue #10).
    const { limiter } = c.var.services
    await limiter.check(limits.smsPerAddress, clientIp(c))
    const sent = await service(c).sendCode((await parseBody(c, SendCodeRequest)).phoneNumber)
    await limiter.hit(limits.smsPerAddress, clientIp(c))
    return ok(c, sent)
  })
  .put('/userCenter/updatePhoneNumber', access.signedIn, async (c) => {
    await service(c).updatePhoneNumber(await parseBody(c, UpdatePhoneNumberRequest))
    return ok(c, null, successMessages.changePhone)
  })
