import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { allRoutes, createApp } from '../../src/server/app'
import { apiBases, endpointUrl, type Endpoint } from '../../src/shared/contract/endpoint'
import { allEndpoints } from '../../src/shared/contract/endpoints'
import { errorMessages } from '../../src/shared/messages/common'
import { demoAccounts } from '../../src/server/demo/seed'
import { harnessForFile } from './harness'
import { myDeviceCommandNames } from '../../src/shared/domain/ios-commands'
import { appleCommandNames } from '../../src/server/protocol/apple/commands'

const h = harnessForFile()

const signedIn = (e: Endpoint) => e.access.kind === 'signedIn' || e.access.kind === 'authority'
const consoleBase = (e: Endpoint) => e.base === 'main' || e.base === 'huawei'

/** A request an endpoint would accept in shape: GET with no query, anything else with an empty JSON body. */
function ask(e: Endpoint, token?: string) {
  return h.call(e.method, endpointUrl(e), { token, ...(e.method === 'GET' ? {} : { json: {} }) })
}

describe('the endpoint table', () => {
  it('names every endpoint once and gives each a handler', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${endpointUrl(e)}`)
    expect(new Set(keys).size).toBe(keys.length)
    // Each endpoint of the table is served as the table defines it. Schemas are compared as JSON Schema: the integration
    // files share their modules, and Zod binds methods onto a schema once any file has used it, which deep equality
    // of the schema objects would count as a difference.
    const described = (e: Endpoint) => ({
      ...e,
      request: z.toJSONSchema(e.request, { unrepresentable: 'any', io: 'input' }),
      response: z.toJSONSchema(e.response, { unrepresentable: 'any', io: 'output' }),
    })
    const routed = new Map(allRoutes.map((r) => [`${r.endpoint.method} ${endpointUrl(r.endpoint)}`, described(r.endpoint)]))
    for (const e of allEndpoints) expect(routed.get(`${e.method} ${endpointUrl(e)}`), `${e.method} ${endpointUrl(e)}`).toEqual(described(e))
    expect(allRoutes).toHaveLength(allEndpoints.length)
    expect(allRoutes.every((r) => typeof r.handler === 'function')).toBe(true)
  })

  it('is the only source of API routes: the app registers no API path outside it', () => {
    const app = createApp(h.services)
    const inTable = new Set(allEndpoints.map((e) => `${e.method} ${endpointUrl(e)}`))
    const apiPrefixes = Object.values(apiBases)
    const registered = app.routes
      .filter((r) => apiPrefixes.some((p) => r.path.startsWith(p)) && r.method !== 'ALL' && !r.path.endsWith('*'))
      .map((r) => `${r.method} ${r.path}`)
    expect(new Set(registered)).toEqual(inTable)
  })

  it('answers an anonymous caller of every signed-in endpoint with 401, never with data', async () => {
    const guarded = allEndpoints.filter((e) => signedIn(e) || e.access.kind === 'device' || e.base === 'open')
    expect(guarded.length).toBeGreaterThan(60)
    for (const e of guarded) {
      const res = await ask(e)
      expect({ route: endpointUrl(e), status: res.status, data: res.body?.data ?? null }).toEqual({ route: endpointUrl(e), status: 401, data: null })
    }
  })

  it('refuses every authority-guarded endpoint to a staff member who holds none of its authorities', async () => {
    const token = await h.login(demoAccounts.staff.username, demoAccounts.staff.password)
    const info = await h.call('POST', '/userCenter/info', { token })
    const held: string[] = info.body.data.authorityList
    const refused = allEndpoints.filter((e) => consoleBase(e) && e.access.kind === 'authority' && !e.access.anyOf.some((a) => held.includes(a)))
    // The demo staff role lacks role, company, quota, access and review authorities: a real sample, not an empty walk.
    expect(refused.length).toBeGreaterThan(20)
    for (const e of refused) {
      const res = await ask(e, token)
      expect({ route: `${e.method} ${endpointUrl(e)}`, status: res.status, code: res.body?.code }).toEqual({ route: `${e.method} ${endpointUrl(e)}`, status: 403, code: 403 })
    }
  })

  it('names every command of the Apple catalogue, and no other, as a my-device endpoint', () => {
    expect([...myDeviceCommandNames].sort()).toEqual([...appleCommandNames].sort())
  })

  it('says which device command is unknown instead of only that the path is', async () => {
    const token = await h.login('demo')
    const res = await h.call('POST', `${apiBases.huawei}/device/command/selfDestruct`, { token, json: { deviceId: 1 } })
    expect(res.body.msg).not.toBe(errorMessages.apiNotFound)
    expect(res.body.msg).toContain('selfDestruct')
  })
})
