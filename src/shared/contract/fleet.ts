import { z } from 'zod'
import { deviceAreaAuthorities, huaweiBasePrefix, type DeviceAreaPlatform } from '../domain/device-areas'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { fleetText as t } from '../messages/fleet'
import { access, endpoint } from './endpoint'
import { DeviceExportQuery } from './huawei-device'

/** What a fleet-wide command may be, per family: Apple's pay mode, the agent's screen lock (issue #44). */
export const fleetCommandNames = { IOS: ['openPayMode', 'closePayMode'], AGENT: ['lockScreen', 'unlockScreen'] } as const
export type FleetCommandName = (typeof fleetCommandNames)['IOS' | 'AGENT'][number]

/** The most devices one request commands: beyond it, the search is narrowed (the answer says so). */
export const FLEET_MAX_DEVICES = 50_000

/**
 * POST …/fleet/command: the command for every device the search matches (the list's filters, every page). `expected`
 * is the total the user confirmed: if the matching devices are no longer that many, nothing is sent.
 */
export const FleetCommandRequest = z.object({
  filters: DeviceExportQuery,
  command: z.enum([...fleetCommandNames.IOS, ...fleetCommandNames.AGENT], { error: t.wrongCommand }),
  expected: z.number().int().min(1).max(FLEET_MAX_DEVICES),
  message: z.string().trim().max(200).optional(),
  phoneNumber: z.string().trim().max(32).optional(),
})
export type FleetCommandRequest = z.input<typeof FleetCommandRequest>
export const FleetCommandResponse = z.object({ batchId: z.string(), total: z.number() })
export type FleetCommandResponse = z.infer<typeof FleetCommandResponse>

/** GET …/fleet/status?batchId=: the batch's progress from its tasks, and a page of its devices' outcomes. */
export const FleetStatusQuery = pagingQuerySchema.extend({ batchId: z.string().min(1).max(64) })
export type FleetStatusQuery = z.input<typeof FleetStatusQuery>
export const FleetOutcome = z.object({
  deviceId: z.number(),
  serialNumber: z.string(),
  status: z.enum(['QUEUED', 'SENT', 'DONE', 'ERROR', 'TIMEOUT']),
  errorMessage: z.string().nullable(),
  finishedAt: z.string().nullable(),
})
export type FleetOutcome = z.infer<typeof FleetOutcome>
export const FleetStatusResponse = pagedResponse(FleetOutcome).extend({
  batchId: z.string(),
  command: z.string(),
  createdAt: z.string(),
  counts: z.object({ QUEUED: z.number(), SENT: z.number(), DONE: z.number(), ERROR: z.number(), TIMEOUT: z.number() }),
})
export type FleetStatusResponse = z.infer<typeof FleetStatusResponse>

/** One device area's fleet endpoints, with the area's command authority: Apple on the main base, Huawei / Mi on theirs. */
function fleetEndpointsOf(platform: DeviceAreaPlatform) {
  const command = access.authority(deviceAreaAuthorities[platform].command)
  const [base, prefix] = platform === 'IOS' ? (['main', '/myDevice'] as const) : (['huawei', `${huaweiBasePrefix[platform]}/device`] as const)
  return {
    command: endpoint({ base, method: 'POST', path: `${prefix}/fleet/command`, access: command, request: FleetCommandRequest, response: FleetCommandResponse }),
    status: endpoint({ base, method: 'GET', path: `${prefix}/fleet/status`, access: command, request: FleetStatusQuery, response: FleetStatusResponse }),
  }
}

export const fleetEndpoints = { IOS: fleetEndpointsOf('IOS'), HUAWEI: fleetEndpointsOf('HUAWEI'), MI: fleetEndpointsOf('MI') }
