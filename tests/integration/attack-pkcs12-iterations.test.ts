import forge from 'node-forge'
import { beforeEach, describe, expect, it } from 'vitest'
import { MAX_PKCS12_ITERATIONS } from '../../src/server/modules/certificate/pkcs12-read'
import { harnessForFile } from './harness'
import { p12Of, pushCertificate } from './push-certificate'

/**
 * Issue 41 item 10 (docs/security-devices.md): a PKCS#12 with 6 million iterations froze the server for 6.8 s at the
 * certificate upload (the largest count would take about 40 minutes). The iteration count is bounded before any key
 * is derived, and the derivation runs off the event loop.
 */
const h = harnessForFile()

let admin: string
beforeEach(async () => {
  admin = await h.login('admin')
})

const upload = (p12Base64: string, password = 'secret') => h.call('POST', '/certificate/apns/upload', { token: admin, json: { format: 'P12', p12Base64, password } })

/** The PKCS#12's MAC iteration count (PFX.macData.iterations) set to `count` after it was made with a small one. */
const macIterations = (count: number) => (p12: forge.asn1.Asn1) => {
  const macData = (p12.value as forge.asn1.Asn1[])[2]
  ;(macData.value as forge.asn1.Asn1[])[2].value = forge.asn1.integerToDer(count).getBytes()
}

const tooMany = (count: number) => `.p12 文件的密钥迭代次数为 ${count}，超过上限 ${MAX_PKCS12_ITERATIONS}，请重新导出（常见的导出为 2048 次）`

describe('a PKCS#12 with too many iterations', () => {
  it('is refused before any key is derived: 6,000,000 MAC iterations, answered at once', async () => {
    const p12 = p12Of(pushCertificate(), 'secret', { edit: macIterations(6_000_000) })
    const started = performance.now()
    const res = await upload(p12)
    const elapsed = performance.now() - started
    expect(res.body).toEqual({ code: 400, msg: tooMany(6_000_000), data: null })
    // The derivation alone would take about a minute here (node-forge, ~10 µs an iteration).
    expect(elapsed).toBeLessThan(5_000)
  })

  it('is refused at whichever derivation asks for too many: a key bag without a MAC', async () => {
    const count = MAX_PKCS12_ITERATIONS + 1
    const res = await upload(p12Of(pushCertificate(), 'secret', { count, useMac: false }))
    expect(res.body).toEqual({ code: 400, msg: tooMany(count), data: null })
  })
})

describe('a legitimate PKCS#12 upload', () => {
  it('derives its keys off the event loop: other requests are answered meanwhile', async () => {
    // As many iterations as allowed (real exports use 2,048 to 10,000): its three derivations take about a second here.
    const pair = pushCertificate()
    const p12 = p12Of(pair, 'secret', { count: MAX_PKCS12_ITERATIONS })
    const started = performance.now()
    let finished = false
    const uploading = upload(p12).finally(() => (finished = true))
    const latencies: number[] = []
    while (!finished) {
      const asked = performance.now()
      const res = await h.call('GET', '/app/config')
      expect(res.body.code).toBe(200)
      latencies.push(performance.now() - asked)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const res = await uploading
    const uploadMs = performance.now() - started
    expect(res.body).toMatchObject({ code: 200, data: { topic: pair.topic, source: 'UPLOADED' } })
    // Measured: while the upload took this long, every other request was answered within a small part of it (on the
    // event loop, the request in flight during the derivation would wait for all of it).
    const slowest = Math.max(...latencies)
    const measured = `upload ${Math.round(uploadMs)} ms, others ${latencies.map(Math.round).join(', ')} ms`
    expect(uploadMs, measured).toBeGreaterThan(300)
    expect(latencies.length, measured).toBeGreaterThanOrEqual(3)
    expect(slowest, measured).toBeLessThan(Math.min(250, uploadMs / 3))
  })
})
