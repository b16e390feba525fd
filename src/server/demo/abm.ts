import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import { startAbmSimulator, type SimulatedAbm } from '../../sim/abm'
import { cloudConfigurationOf, OutOfBoxIphone, simulatedAppleDeviceCa, type BinaryFetch, type DepIphone, type SimulatedAppleDeviceCa } from '../../sim/iphone-dep'
import type { CurrentUser } from '../auth/current-user'
import type { AppConfig } from '../config'
import type { Services } from '../context'
import { appleEnrollments, companies, users } from '../db/schema'
import { abmLinks } from '../db/schema-abm'
import { DEMO_IPHONE_POLL_MS, udidOf } from './iphones'
import { demoAccounts } from './seed'
import { log } from '../log'

/**
 * Demo mode (issue #42): the demo boss company linked to a simulated Apple Business Manager (src/sim/abm.ts) with a
 * few iPhones, one of which comes out of its box and enrolls through automated enrollment (src/sim/iphone-dep.ts) —
 * supervised, so that lost mode and pay mode can be tried on it. The others wait in the iOS list as 待激活.
 *
 * The server trusts the simulated Apple device root only because the demo tells it to (its MDM_APPLE_DEP_ROOTS_FILE,
 * a file of this process); the demo is refused in production (config.ts).
 */
export const DEMO_ABM_SERVER = '演示 MDM 服务器'
export const DEMO_ABM_ORG = '演示租赁公司（ABM）'

interface DemoAbmPhone {
  serialNumber: string
  model: string
  color: string
  /** Comes out of its box at the demo's start and enrolls through ABM. */
  activate?: { deviceName: string; productName: string }
}

export const demoAbmPhones: DemoAbmPhone[] = [
  { serialNumber: 'F2LXABM00001', model: 'iPhone 15 Pro', color: 'NATURAL TITANIUM', activate: { deviceName: '演示 iPhone 15 Pro（ABM）', productName: 'iPhone16,1' } },
  { serialNumber: 'F2LXABM00002', model: 'iPhone 15', color: 'BLACK' },
  { serialNumber: 'F2LXABM00003', model: 'iPhone 14', color: 'BLUE' },
]

export interface DemoAbm {
  sim: SimulatedAbm
  deviceCa: SimulatedAppleDeviceCa
  /** The configuration that points the server at the simulated ABM and trusts the simulated Apple device root. */
  config: AppConfig
  stop(): Promise<void>
}

/** Before the services are built: the simulated ABM (with the demo's phones) and the simulated Apple device root. */
export async function prepareDemoAbm(config: AppConfig): Promise<DemoAbm> {
  const sim = await startAbmSimulator()
  sim.addDevices(
    demoAbmPhones.map((p) => ({ serial_number: p.serialNumber, model: p.model, color: p.color, description: `${p.model.toUpperCase()} ${p.color}`, device_family: 'iPhone', os: 'iOS' })),
    { serverName: DEMO_ABM_SERVER },
  )
  const deviceCa = simulatedAppleDeviceCa()
  const dir = mkdtempSync(path.join(tmpdir(), 'mdm-demo-abm-'))
  const rootsFile = path.join(dir, 'apple-device-roots.pem')
  writeFileSync(rootsFile, deviceCa.rootPem)
  return {
    sim,
    deviceCa,
    config: { ...config, apple: { ...config.apple, abmUrl: sim.url, depRootsFile: rootsFile } },
    async stop() {
      await sim.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The demo boss as the ABM module's calls see a signed-in company account. */
async function demoBoss(services: Services): Promise<CurrentUser | null> {
  const [row] = await services.db
    .select({ id: users.id, username: users.username, name: users.name, companyId: companies.id, companyName: companies.name, phoneNumber: users.phoneNumber })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.username, demoAccounts.boss.username), eq(users.kind, 'BOSS'), isNull(companies.parentId)))
  if (!row) return null
  return { ...row, sessionId: 0, kind: 'BOSS', parentCompanyId: null, authorities: [] }
}

/**
 * After the server listens: links the demo boss company (its token-exchange certificate, a server token the simulated
 * ABM issues for it, the first sync: devices recorded as 待激活, the profile assigned), then the out-of-box phone
 * enrolls over real HTTP and polls like the demo's other iPhones. Each start links again (the simulator is new) and
 * the phone enrolls again: its serial's unit of quota was consumed once, at its first enrollment.
 */
export async function startDemoAbm(services: Services, demo: DemoAbm, serverUrl: string, fetch?: BinaryFetch): Promise<{ phones: DepIphone[]; stop(): void }> {
  const phones: DepIphone[] = []
  const boss = await demoBoss(services)
  if (!boss?.companyId) return { phones, stop() {} }
  // The company's token-exchange certificate (made on its first request), as ABM's MDM server settings take it.
  await services.abm.publicKey(boss)
  const [link] = await services.db.select({ certificatePem: abmLinks.certificatePem }).from(abmLinks).where(eq(abmLinks.companyId, boss.companyId))
  if (!link) return { phones, stop() {} }
  const certificate = link.certificatePem
  await services.abm.linkToken(boss, demo.sim.issueToken(certificate, { serverName: DEMO_ABM_SERVER, orgName: DEMO_ABM_ORG }))
  for (const spec of demoAbmPhones) {
    if (!spec.activate) continue
    const box = new OutOfBoxIphone({
      serialNumber: spec.serialNumber,
      udid: udidOf(spec.serialNumber),
      deviceCa: demo.deviceCa,
      cloudConfiguration: () => cloudConfigurationOf(demo.sim, spec.serialNumber),
      deviceName: spec.activate.deviceName,
      productName: spec.activate.productName,
      notNowEvery: 7,
      rewriteUrl: (url) => url.replace(/^https?:\/\/[^/]+/, serverUrl),
      ...(fetch ? { fetch } : {}),
    })
    try {
      // The same phone set up again (demo/iphones.ts): its previous run's enrollment checks out first.
      await services.db
        .update(appleEnrollments)
        .set({ checkedOutAt: new Date(), pushToken: null, pushMagic: null })
        .where(and(eq(appleEnrollments.companyId, boss.companyId), eq(appleEnrollments.udid, box.udid), isNull(appleEnrollments.checkedOutAt)))
      const phone = await box.activate()
      phone.startPolling(DEMO_IPHONE_POLL_MS)
      phones.push(phone)
    } catch (error) {
      log.warn(`[demo ABM iPhone ${spec.serialNumber}] ${(error as Error).message}`)
    }
  }
  return {
    phones,
    stop() {
      for (const p of phones) p.stop()
    },
  }
}
