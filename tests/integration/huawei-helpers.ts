import { createApp, HUAWEI_BASE } from '../../src/server/app'
import { SimulatedAgent, type FetchLike, type SimulatedAgentOptions } from '../../src/sim/huawei-agent'
import type { Harness } from './harness'
import { quotaOf, setQuota } from './org-builders'
import { secondaryPasswordFor } from './secondary-helpers'

export const HW = HUAWEI_BASE
export const MI = `${HUAWEI_BASE}/mi`

/** The app's own request handler as the simulator's HTTP client: real requests and responses, no socket. */
export function appFetch(h: Harness): FetchLike {
  // The harness's own services: the same secret box seals and opens, as in one server (or several sharing a key).
  const app = createApp(h.services)
  return (input, init) => Promise.resolve(app.request(input, init))
}

/** Sets a company's Huawei quota account (opening it when needed). */
export const setHuaweiQuota = (h: Harness, companyId: number, remainingQuantity: number) => setQuota(h, companyId, 'HUAWEI', remainingQuantity)

export const huaweiQuota = (h: Harness, companyId: number) => quotaOf(h, companyId, 'HUAWEI')

export async function addDevice(h: Harness, token: string, body: Record<string, unknown>, base = HW): Promise<number> {
  const res = await h.call('POST', `${base}/device/add`, { token, json: body })
  if (res.body?.code !== 200) throw new Error(`add failed: ${res.text}`)
  return res.body.data.id
}

export async function issueToken(h: Harness, token: string, base = HW): Promise<string> {
  const res = await h.call('POST', `${base}/device/enrollmentToken`, { token })
  if (res.body?.code !== 200) throw new Error(`enrollment token failed: ${res.text}`)
  return res.body.data.token
}

/** A simulated agent talking to the app in-process. */
export function simulator(fetch: FetchLike, options: Omit<SimulatedAgentOptions, 'server' | 'fetch'>) {
  return new SimulatedAgent({ server: 'http://mdm.test', fetch, ...options })
}

/** POST <base>/device/command/<name>; one that cannot be undone carries the secondary password (secondary-helpers.ts). */
export async function command(h: Harness, token: string, name: string, deviceId: unknown, base = HW) {
  return h.call('POST', `${base}/device/command/${name}`, { token, json: { deviceId, ...(await secondaryPasswordFor(h, token, name)) } })
}

export async function taskStatus(h: Harness, token: string, taskId: string) {
  const res = await h.call('GET', `/task/status?taskId=${encodeURIComponent(taskId)}`, { token })
  return res.body
}

export async function detail(h: Harness, token: string, deviceId: number, base = HW) {
  return (await h.call('GET', `${base}/device/detail?deviceId=${deviceId}`, { token })).body
}

/** A raw response from the app (binary bodies such as the export). */
export async function rawGet(h: Harness, path: string, token: string): Promise<Response> {
  const app = createApp(h.services)
  return app.request(path, { headers: { authorization: `Bearer ${token}` } })
}

