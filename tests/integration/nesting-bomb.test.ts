import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { harnessForFile } from './harness'

const h = harnessForFile()

/** A request to the app by its full path (the harness prefixes the main API base). */
async function post(path: string, body: string) {
  const res = await createApp(h.services).request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
  return { status: res.status, body: (await res.json()) as unknown }
}

/** Issue #10: `count` arrays each nested `depth` deep — 100 × 5,000 is 1 MB that once blocked the event loop 28 s. */
function bomb(count: number, depth: number): string {
  const one = '['.repeat(depth) + ']'.repeat(depth)
  return `{"serialNumber":"X","username":"u","password":"p","a":[${Array.from({ length: count }, () => one).join(',')}]}`
}

const endpoints = ['/agent/v1/enroll', '/mdm/api/v1/login', '/mdm/api/v1/register']

describe('a nesting bomb', () => {
  it.each(endpoints.flatMap((path) => [[path, 100, 5_000] as const, [path, 1, 12_000] as const]))(
    '%s with %i arrays %i deep answers 400 in Chinese, not 500',
    async (path, count, depth) => {
      const res = await post(path, bomb(count, depth))
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ code: 400, msg: '请求内容嵌套过深', data: null })
    },
  )

  it('lets nesting within the limit reach the contract as usual', async () => {
    const within = '{"a":' + '['.repeat(31) + ']'.repeat(31) + '}'
    const res = await post('/mdm/api/v1/login', within)
    expect(res.status).toBe(400)
    expect((res.body as { msg: string }).msg).not.toBe('请求内容嵌套过深')
  })

  it('does not stall another request made meanwhile', async () => {
    const started = performance.now()
    await h.call('GET', '/captcha')
    const baseline = performance.now() - started

    const order: string[] = []
    const bombDone = post('/agent/v1/enroll', bomb(100, 5_000)).then((res) => {
      order.push('bomb')
      return res
    })
    const captchaStarted = performance.now()
    const captchaDone = h.call('GET', '/captcha').then((res) => {
      order.push('captcha')
      return { res, ms: performance.now() - captchaStarted }
    })
    const [bombRes, captcha] = await Promise.all([bombDone, captchaDone])
    expect(bombRes.status).toBe(400)
    expect(captcha.res.body.code).toBe(200)
    expect(order).toHaveLength(2)
    // Generous: the 28 s stall this guards against is thousands of times the baseline; a busy machine is not.
    expect(captcha.ms).toBeLessThan(Math.max(2_000, baseline * 50))
  })

  it.each(['/agent/v1/enroll', '/agent/v1/poll', '/openapi/v1/huawei/device/command/lock', '/mdm/api/v1/login'])('%s refuses a body over the size limit', async (path) => {
    const res = await post(path, `{"a":"${'x'.repeat(3 * 1024 * 1024)}"}`)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg: '请求体过大', data: null })
  })
})
