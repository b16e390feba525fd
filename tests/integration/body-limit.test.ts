/**
 * The body limit over real HTTP (http/body-limit.ts): on Node a body of declared length is judged on its length, one
 * sent in chunks is counted while it is read, and a body within the limit still reaches the contract either way.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { LoginRequest } from '../../src/shared/contract/account'
import { parseWithMessage } from '../../src/shared/contract/validation'
import { harnessForFile } from './harness'

const h = harnessForFile()
let server: ReturnType<typeof serve>
let port: number

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: createApp(h.services).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const MB = 1024 * 1024

/**
 * POSTs `chunks` to `path`: with their total as Content-Length, or chunked (no declared length). The answer is read
 * even when the server gives it before the whole body is sent (a refused body is not read to its end).
 */
function post(path: string, chunks: string[], declared: boolean): Promise<{ status: number; body: { code: number; msg: string } }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (declared) headers['content-length'] = String(chunks.reduce((n, c) => n + Buffer.byteLength(c), 0))
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
    })
    // The server may close the connection once it has answered; what it answered is what is checked.
    req.on('error', (err) => (req.writableFinished ? undefined : req.destroyed ? undefined : reject(err)))
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

describe('the request body limit over HTTP', () => {
  const tooLarge = { code: 400, msg: '请求体过大', data: null }
  const big = ['{"a":"', 'x'.repeat(MB), 'x'.repeat(MB), 'x'.repeat(MB), '"}']

  it.each([true, false])('refuses 3 MB (declared length: %s) with the envelope', async (declared) => {
    const res = await post('/agent/v1/poll', big, declared)
    expect(res.status).toBe(400)
    expect(res.body).toEqual(tooLarge)
  })

  /** What the login contract answers for `body`: the proof that the body the server read is the one sent. */
  const contractSays = (body: unknown) => {
    const parsed = parseWithMessage(LoginRequest, body)
    if (parsed.success) throw new Error('the body must fail the contract')
    return parsed.message
  }

  it.each([true, false])('passes a body within the limit to the contract (declared length: %s)', async (declared) => {
    const res = await post('/mdm/api/v1/login', ['{"username":', '"demo"}'], declared)
    expect(res.status).toBe(400)
    // The username arrived (an empty body would be refused for the username), the password is what is missing.
    expect(res.body.msg).toBe(contractSays({ username: 'demo' }))
    expect(res.body.msg).not.toBe(contractSays({}))
  })

  it('reads a body of 1.5 MB sent in chunks whole', async () => {
    const password = 'x'.repeat(1.5 * MB)
    const res = await post('/mdm/api/v1/login', ['{"username":"demo","password":"', password, '"}'], false)
    expect(res.status).toBe(400)
    expect(res.body.msg).toBe(contractSays({ username: 'demo', password }))
  })
})
