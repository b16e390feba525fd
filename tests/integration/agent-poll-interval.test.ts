import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import { harnessForFile } from './harness'
import { agentTestbed } from './huawei-agent-helpers'
import { addDevice, issueToken } from './huawei-helpers'

/** Issue #44: the agents' poll interval is the operator's (MDM_AGENT_POLL_SECONDS), and it is what every agent is told. */
const h = harnessForFile(loadConfigured({ MDM_AGENT_POLL_SECONDS: '30' }))
const { agentCall } = agentTestbed(h, () => boss)
let boss: string

function loadConfigured(env: Record<string, string>) {
  const { agentPollSeconds } = loadConfig({ NODE_ENV: 'test', MDM_CAPTCHA_ANSWER: 'test', ...env })
  return { agentPollSeconds }
}

describe('MDM_AGENT_POLL_SECONDS', () => {
  it('is 10 s unless set, whole seconds from 5 to 3600, and refused otherwise', () => {
    expect(loadConfigured({}).agentPollSeconds).toBe(10)
    expect(loadConfigured({ MDM_AGENT_POLL_SECONDS: '5' }).agentPollSeconds).toBe(5)
    expect(loadConfigured({ MDM_AGENT_POLL_SECONDS: '3600' }).agentPollSeconds).toBe(3600)
    for (const bad of ['4', '3601', '7.5', 'often']) expect(() => loadConfigured({ MDM_AGENT_POLL_SECONDS: bad }), bad).toThrow(/MDM_AGENT_POLL_SECONDS/)
  })

  it('is the interval an agent is told when it enrolls and at every poll', async () => {
    boss = await h.login('demo')
    await addDevice(h, boss, { serialNumber: 'SIM0030' })
    const enrolled = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'SIM0030' })
    expect(enrolled.body.data).toMatchObject({ pollIntervalSeconds: 30 })
    const polled = await agentCall('/poll', {}, enrolled.body.data.credential)
    expect(polled.body).toMatchObject({ code: 200, data: { tasks: [], pollIntervalSeconds: 30 } })
  })
})
