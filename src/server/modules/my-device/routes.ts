import { Hono } from 'hono'
import { z } from 'zod'
import { successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody } from '../../http/envelope'
import { appleCommandNames, type AppleCommandName } from '../../protocol/apple/commands'
import { MyDeviceService } from './service'

const CommandRequest = z.looseObject({ deviceId: z.coerce.number().int().positive() })

/** SPEC §8's success message of each command (the generic save message where it names none). */
const commandSuccess: Record<AppleCommandName, string> = {
  checkNetwork: successMessages.save,
  clearPasscode: successMessages.clearPasscode,
  activationLock: successMessages.activationLock,
  removeProfile: successMessages.removeSupervision,
  disableActivationLock: successMessages.removeActivationLock,
  enableLostMode: successMessages.lost,
  disableLostMode: successMessages.disableLostMode,
  deviceErase: successMessages.oneClickWipe,
  showActivationLockPassword: successMessages.save,
  openPayMode: successMessages.openPayMode,
  closePayMode: successMessages.closePayMode,
  oneClickLockDown: successMessages.oneClickLockDown,
  disownDevice: successMessages.releaseAbm,
  playLostModeSound: successMessages.playLostSound,
  scheduleOSUpdate: successMessages.save,
  deviceLocation: successMessages.save,
  macLock: successMessages.macLock,
  installedApplicationList: successMessages.save,
}

const service = (c: { var: AppEnv['Variables'] }) => new MyDeviceService(c.var.services)

/** The Apple 'my device' endpoints issue #12 builds: the enrollment profile and the catalogue's commands. */
export const myDeviceRoutes = new Hono<AppEnv>().get('/myDevice/enrollmentProfile', access.authority('ios:device'), async (c) => {
  const profile = await service(c).enrollmentProfile(c.var.user)
  return c.body(profile, 200, {
    'content-type': 'application/x-apple-aspen-config',
    'content-disposition': 'attachment; filename="enroll.mobileconfig"',
    'cache-control': 'no-store',
  })
})

for (const name of appleCommandNames) {
  myDeviceRoutes.post(`/myDevice/${name}`, access.authority('ios:command'), async (c) => {
    const { deviceId, ...params } = await parseBody(c, CommandRequest)
    return ok(c, await service(c).queue(c.var.user, deviceId, name, params), commandSuccess[name])
  })
}
