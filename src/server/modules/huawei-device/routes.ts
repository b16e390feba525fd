import { Hono } from 'hono'
import type { AgentPlatform } from '../../../shared/contract/agent'
import {
  DeviceAddRequest,
  DeviceCommandRequest,
  DeviceExportQuery,
  DeviceIdQuery,
  DeviceIdRequest,
  DeviceMoveRequest,
  DeviceSearchQuery,
  TaskSearchQuery,
  UpdateRentUserInfoRequest,
  commandNameSchema,
} from '../../../shared/contract/huawei-device'
import { deviceAreaAuthorities, type DeviceAreaAuthorities } from '../../../shared/domain/device-areas'
import { huaweiDeviceText as t, successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody, parseQuery } from '../../http/envelope'
import { ApiError } from '../../http/errors'
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../../http/xlsx'
import { AgentService } from '../../protocol/agent/service'
import { DeviceService } from './service'

/** One device area: which platform it manages and which authority each action needs (src/shared/domain/device-areas.ts). */
export interface DeviceArea {
  platform: AgentPlatform
  authority: Readonly<DeviceAreaAuthorities>
}

export const huaweiArea: DeviceArea = { platform: 'HUAWEI', authority: deviceAreaAuthorities.HUAWEI }
export const miArea: DeviceArea = { platform: 'MI', authority: deviceAreaAuthorities.MI }

/**
 * The device resource of the Huawei base (SPEC §7). Mounted at / for the Huawei area and at /mi for the Mi area,
 * so each area's routes declare its own authorities and see only its own platform.
 */
export function deviceRoutes(area: DeviceArea) {
  const service = (c: { var: AppEnv['Variables'] }) => new DeviceService(c.var.services, area.platform)

  return new Hono<AppEnv>()
    .get('/device/search', access.authority(area.authority.device), async (c) => {
      const query = parseQuery(c, DeviceSearchQuery)
      return ok(c, await service(c).search(c.var.user, query))
    })
    .get('/device/detail', access.authority(area.authority.device), async (c) =>
      ok(c, await service(c).detail(c.var.user, parseQuery(c, DeviceIdQuery).deviceId)),
    )
    .post('/device/add', access.authority(area.authority.device), async (c) =>
      ok(c, await service(c).add(c.var.user, await parseBody(c, DeviceAddRequest)), successMessages.save),
    )
    .put('/device/updateRentUserInfo', access.authority(area.authority.device), async (c) => {
      await service(c).updateRentUserInfo(c.var.user, await parseBody(c, UpdateRentUserInfoRequest))
      return ok(c, null, successMessages.edit)
    })
    .post('/device/putInRecycle', access.authority(area.authority.recycle), async (c) => {
      await service(c).setRecycled(c.var.user, (await parseBody(c, DeviceIdRequest)).deviceId, true)
      return ok(c, null, successMessages.eliminateDevice)
    })
    .post('/device/takeOutRecycle', access.authority(area.authority.recycle), async (c) => {
      await service(c).setRecycled(c.var.user, (await parseBody(c, DeviceIdRequest)).deviceId, false)
      return ok(c, null, t.takeOutSuccess)
    })
    .get('/device/moveTargets', access.authority(area.authority.device), async (c) => ok(c, await service(c).moveTargets(c.var.user)))
    .post('/device/move', access.authority(area.authority.device), async (c) => {
      await service(c).move(c.var.user, await parseBody(c, DeviceMoveRequest))
      return ok(c, null, successMessages.transfer)
    })
    .get('/device/task/search', access.authority(area.authority.device), async (c) =>
      ok(c, await service(c).taskSearch(c.var.user, parseQuery(c, TaskSearchQuery))),
    )
    .get('/device/export', access.authority(area.authority.device), async (c) => {
      const query = parseQuery(c, DeviceExportQuery)
      const file = await service(c).export(c.var.user, query)
      return c.body(new Uint8Array(file), 200, {
        'Content-Type': XLSX_CONTENT_TYPE,
        'Content-Disposition': attachmentHeader(t.exportFileName),
        'Cache-Control': 'no-store',
      })
    })
    .post('/device/enrollmentToken', access.authority(area.authority.device), async (c) => {
      // The token enrolls any phone as any device of the company (and replaces the token before it): a company's
      // own account issues it, never a staff member, who sees only the devices assigned to them.
      if (c.var.user.kind === 'STAFF') throw ApiError.forbidden(t.enrollmentCompanyOnly)
      const companyId = c.var.user.companyId
      if (companyId === null) throw ApiError.badRequest(t.companyRequired)
      const token = await new AgentService(c.var.services).issueEnrollmentToken(companyId, area.platform)
      return ok(c, { token, platform: area.platform })
    })
    .post('/device/command/:name', access.authority(area.authority.command), async (c) => {
      const name = commandNameSchema.safeParse(c.req.param('name'))
      if (!name.success) throw ApiError.notFound(t.commandUnknown(c.req.param('name')))
      const { deviceId, secondaryPassword } = await parseBody(c, DeviceCommandRequest)
      return ok(c, await service(c).command(c.var.user, deviceId, name.data, secondaryPassword), t.commandSuccess[name.data])
    })
}
