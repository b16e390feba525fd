import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { captureLog } from '../../src/server/log'
import { harnessForFile } from './harness'
import { agentTestbed } from './huawei-agent-helpers'
import { HW } from './huawei-helpers'
import { enrolledIphone, setIosQuota } from './apple-helpers'

/** Issue #44: GET /metrics (Prometheus, behind MDM_METRICS_TOKEN), request ids, and a log that keeps no secret. */
const TOKEN = 'scrape-token-0123456789'
const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})
const { enrolledPhone, run } = agentTestbed(h, () => boss)

/** The value of one sample of the scrape, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line)
    if (m?.[1] === name && wanted.every((w) => (m[2] ?? '').split(',').includes(w))) return Number(m[3])
  }
  return 0
}

describe('GET /metrics', () => {
  it('is off without a token (404), refuses a missing or wrong one, and answers Prometheus text to the right one', async () => {
    expect((await createApp(h.services).request('/metrics')).status).toBe(404)
    const app = createApp({ ...h.services, config: { ...h.services.config, metricsToken: TOKEN } })
    expect((await app.request('/metrics')).status).toBe(401)
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401)
    const scrape = async () => {
      const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/plain')
      return res.text()
    }
    const before = await scrape()

    // A command travels: queued, delivered to the polling phone, done; the queue is empty again.
    const { deviceId, phone } = await enrolledPhone()
    await h.call('GET', `${HW}/device/detail?deviceId=${deviceId}`, { token: boss })
    const queued = await h.call('POST', `${HW}/device/command/lockScreen`, { token: boss, json: { deviceId } })
    const mid = await scrape()
    expect(sample(mid, 'mdm_command_queue_depth', { status: 'QUEUED' })).toBe(1)
    await phone.pollOnce()
    const after = await scrape()
    expect(queued.body.code).toBe(200)
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels)
    expect(delta('mdm_commands_total', { type: 'lockScreen', stage: 'queued' })).toBe(1)
    expect(delta('mdm_commands_total', { type: 'lockScreen', stage: 'delivered' })).toBe(1)
    expect(delta('mdm_commands_total', { type: 'lockScreen', stage: 'done' })).toBe(1)
    expect(sample(after, 'mdm_command_queue_depth', { status: 'QUEUED' })).toBe(0)
    expect(sample(after, 'mdm_agent_polls_total', {}) - sample(before, 'mdm_agent_polls_total', {})).toBeGreaterThanOrEqual(1)
    // Requests by the endpoint table's name, never by a path with an id in it.
    expect(delta('mdm_http_request_duration_seconds_count', { endpoint: 'huawei.detail', method: 'GET', status: '200' })).toBe(1)
    expect(delta('mdm_http_request_duration_seconds_count', { endpoint: 'huawei.command.lockScreen', method: 'POST', status: '200' })).toBe(1)
    expect(delta('mdm_http_request_duration_seconds_count', { endpoint: 'agent.poll', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(1)
    expect(after).not.toMatch(/endpoint="[^"]*(deviceId|\d{3,})/)
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    for (const name of ['mdm_apns_pushes_total', 'mdm_apple_checkins_total', 'mdm_abm_sync_runs_total', 'mdm_job_runs_total', 'mdm_db_pool_connections']) {
      expect(after).toContain(`# TYPE ${name} `)
    }
  })
})

describe('the log', () => {
  let log: ReturnType<typeof captureLog>
  beforeEach(() => {
    log = captureLog()
  })
  afterEach(() => log.restore())

  it('gives every request an id, in its answer and in each of its log lines', async () => {
    const res = await h.call('GET', '/captcha')
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const mine = log.lines().filter((l) => l.reqId === id)
    expect(mine).toEqual([expect.objectContaining({ msg: 'request', endpoint: 'account.captcha', status: 200, method: 'GET' })])
    // Another request, another id.
    expect((await h.call('GET', '/captcha')).headers.get('x-request-id')).not.toBe(id)
    // The console's pages and unknown API paths carry one too.
    expect((await h.call('GET', '/mdm/api/v1/nothing-here')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('never holds a password, token, credential, UnlockToken or a renter\'s ID card and phone sent through it', async () => {
    const secrets: string[] = []
    // Sign-in and a password change.
    const newPassword = 'Lq8#vTz2!mWp5c'
    secrets.push('Demo@2026', newPassword, boss)
    expect((await h.call('PUT', '/userCenter/updatePassword', { token: boss, json: { oldPassword: 'Demo@2026', newPassword, confirmPassword: newPassword } })).body.code).toBe(200)
    const again = await h.login('demo', newPassword)
    secrets.push(again)
    boss = again
    // An agent's credential, and a renter's ID card and phone.
    const { deviceId, phone } = await enrolledPhone()
    secrets.push(phone.credential!)
    const renter = { renterName: '张三', renterPhone: '13912345678', renterIdCard: '11010519491231002X' }
    const edited = await h.call('PUT', `${HW}/device/updateRentUserInfo`, { token: boss, json: { deviceId, ...renter } })
    expect(edited.body.code).toBe(200)
    secrets.push(renter.renterPhone, renter.renterIdCard)
    await run(phone, deviceId, 'lockScreen')
    // An iPhone's TokenUpdate with its UnlockToken.
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const iphone = await enrolledIphone(h, boss)
    const unlockToken = Buffer.from(`unlock-${iphone.phone.udid}`)
    secrets.push(unlockToken.toString('base64'), unlockToken.toString('utf8'), unlockToken.toString('hex'))
    // A refused sign-in logs nothing of its password either.
    const captcha = await h.call('GET', '/captcha')
    await h.call('POST', '/login', { json: { username: 'demo', password: 'Wrong#Guess2026', captcha: 'test', captchaId: captcha.body.data.id } })
    secrets.push('Wrong#Guess2026')

    const text = log.text()
    // The log did record these requests (the test would pass on an empty log otherwise).
    for (const endpoint of ['personalCenter.updatePassword', 'account.login', 'agent.poll', 'huawei.updateRentUserInfo', 'apple.checkin']) {
      expect(log.lines().some((l) => l.endpoint === endpoint), endpoint).toBe(true)
    }
    for (const secret of secrets) expect(text, secret.slice(0, 4)).not.toContain(secret)
  })
})
