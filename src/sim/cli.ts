// Simulated Huawei / Mi phones from the command line:
//   npx tsx src/sim/cli.ts --server http://localhost:8080 --token et_… --serial SIM0001 [--count 3] [--platform MI]
// Each phone enrolls with the token, then polls until Ctrl-C, printing every task it executes.
import { parseArgs } from 'node:util'
import type { AgentPlatform } from '../shared/contract/agent'
import { simulatorText as text } from '../shared/messages/server'
import { SimulatedAgent } from './huawei-agent'

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://localhost:8080' },
    token: { type: 'string' },
    serial: { type: 'string' },
    count: { type: 'string', default: '1' },
    platform: { type: 'string', default: 'HUAWEI' },
    passcode: { type: 'string', default: '' },
    model: { type: 'string', default: 'ALN-AL00' },
    interval: { type: 'string' },
    once: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

const count = Number(values.count)
const platform = values.platform?.toUpperCase()
if (values.help || !values.token || !values.serial || !Number.isInteger(count) || count < 1 || (platform !== 'HUAWEI' && platform !== 'MI')) {
  console.log(text.usage)
  process.exit(values.help ? 0 : 1)
}

const serials = count === 1 ? [values.serial.toUpperCase()] : Array.from({ length: count }, (_, i) => `${values.serial!.toUpperCase()}${String(i + 1).padStart(4, '0')}`)
const log = (line: string) => console.log(`${new Date().toLocaleTimeString('zh-CN')} ${line}`)
const agents = serials.map(
  (serialNumber, i) =>
    new SimulatedAgent({
      server: values.server!,
      enrollmentToken: values.token!,
      serialNumber,
      platform: platform as AgentPlatform,
      model: values.model,
      name: platform === 'MI' ? 'Xiaomi 14' : 'HUAWEI Mate 60 Pro',
      osVersion: platform === 'MI' ? 'HyperOS 1.0' : 'HarmonyOS 4.2',
      imei: `86${String(Date.now() + i).slice(-13)}`,
      passcode: values.passcode,
      pollIntervalMs: values.interval ? Number(values.interval) * 1000 : undefined,
      log,
    }),
)

if (values.once) {
  let failed = false
  for (const agent of agents) {
    try {
      const outcome = await agent.pollOnce()
      log(`[${agent.options.serialNumber}] ${outcome.skipped ? text.skipped[outcome.skipped] : text.executed(outcome.executed.length)}`)
    } catch (err) {
      failed = true
      log(`[${agent.options.serialNumber}] ${text.failed((err as Error).message)}`)
    }
  }
  process.exit(failed ? 1 : 0)
}

for (const agent of agents) agent.start()
log(text.started(agents.length))
process.on('SIGINT', () => {
  void Promise.all(agents.map((a) => a.stop())).then(() => process.exit(0))
})
