import type { AgentPlatform } from '../../shared/contract/agent'
import { SimulatedAgent, type FetchLike } from '../../sim/huawei-agent'
import type { Services } from '../context'
import { demoAgentDevices } from './seed-devices'

/** Demo agents poll more often than real ones are asked to, so that a command visibly completes within seconds. */
export const DEMO_POLL_INTERVAL_MS = 3000

/**
 * Demo mode (`npm start`): simulated agents for the demo devices that have one, talking to this server over real
 * HTTP. Each start issues fresh enrollment tokens (only their hashes are stored, so earlier ones cannot be reused)
 * and the agents enroll with them.
 */
export async function startDemoAgents(services: Pick<Services, 'db' | 'agent'>, serverUrl: string, fetch?: FetchLike): Promise<{ agents: SimulatedAgent[]; stop(): Promise<void> }> {
  const rows = await demoAgentDevices(services.db)
  const service = services.agent
  const tokens = new Map<string, string>()
  const tokenFor = async (companyId: number, platform: AgentPlatform) => {
    const key = `${companyId}:${platform}`
    if (!tokens.has(key)) tokens.set(key, await service.issueEnrollmentToken(companyId, platform))
    return tokens.get(key)!
  }
  const agents: SimulatedAgent[] = []
  for (const row of rows) {
    const d = row.demo
    agents.push(
      new SimulatedAgent({
        server: serverUrl,
        enrollmentToken: await tokenFor(row.companyId, d.platform),
        serialNumber: d.serialNumber,
        platform: d.platform,
        imei: d.imei,
        model: d.model,
        name: d.name,
        osVersion: d.osVersion,
        passcode: d.passcode ?? '',
        pollIntervalMs: DEMO_POLL_INTERVAL_MS,
        ...(fetch ? { fetch } : {}),
      }).start(),
    )
  }
  return {
    agents,
    async stop() {
      await Promise.all(agents.map((a) => a.stop()))
    },
  }
}
