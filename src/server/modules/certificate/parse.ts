import { createPrivateKey, X509Certificate } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { certificateText as t } from '../../../shared/messages/ios-detail-b'
import { ApiError } from '../../http/errors'
import { topicOfCertificate } from '../../protocol/apple/apns'
import { MAX_PKCS12_ITERATIONS, type PemPair } from './pkcs12-read'
import type { Pkcs12Outcome } from './pkcs12-worker'

/** An uploaded push certificate, read and checked: a PEM pair whose key is the certificate's, with a topic (UID). */
export interface PushCertificate {
  certificatePem: string
  privateKeyPem: string
  topic: string
  subject: string
  issuer: string
  notBefore: Date
  notAfter: Date
}

/** A distinguished name on one line (X509Certificate gives one attribute per line). */
export const oneLine = (dn: string) => dn.split('\n').filter(Boolean).join(', ')

/** How long one PKCS#12 may take in its worker before it is stopped; a file within the bound takes about a second. */
const PKCS12_READ_TIMEOUT_MS = 30_000

/**
 * Starts a worker on the TypeScript module `entry` through tsx, which runs the server (npm start: node --import tsx):
 * a worker started on a .ts file directly is not given tsx's loader, even in a process started with it.
 */
const TS_WORKER_BOOT = `const { workerData } = require('node:worker_threads'); import(workerData.tsx).then((tsx) => tsx.tsImport(workerData.entry, workerData.entry))`

/** A PKCS#12 is being read: one at a time per server process (each holds a core for up to a few seconds). */
let reading = false

/**
 * The certificate and key of a PKCS#12, as PEM (issue #41). Its keys are derived from the password with as many
 * iterations as the file asks: read in a worker thread, never on the event loop, and refused before any derivation
 * above MAX_PKCS12_ITERATIONS (pkcs12-read.ts). Wrong password or damaged file: 400.
 */
export async function pemFromPkcs12(der: Buffer, password: string): Promise<PemPair> {
  if (reading) throw ApiError.conflict(t.p12Busy)
  reading = true
  try {
    const worker = new Worker(TS_WORKER_BOOT, {
      eval: true,
      workerData: { tsx: import.meta.resolve('tsx/esm/api'), entry: new URL('./pkcs12-worker.ts', import.meta.url).href, der, password, maxIterations: MAX_PKCS12_ITERATIONS },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    })
    const outcome = await new Promise<Pkcs12Outcome | 'timeout'>((resolve, reject) => {
      const timer = setTimeout(() => resolve('timeout'), PKCS12_READ_TIMEOUT_MS)
      worker.once('message', (message: Pkcs12Outcome) => (clearTimeout(timer), resolve(message)))
      worker.once('error', (err: Error & { code?: string }) => {
        clearTimeout(timer)
        // A file that makes forge exhaust the worker's heap is a damaged file, not a server error.
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve({ ok: false })
        else reject(err)
      })
    }).finally(() => void worker.terminate())
    if (outcome === 'timeout') throw ApiError.badRequest(t.p12TimedOut)
    if (!outcome.ok) throw ApiError.badRequest(outcome.tooManyIterations === undefined ? t.badP12 : t.p12TooManyIterations(outcome.tooManyIterations, MAX_PKCS12_ITERATIONS))
    return { certificatePem: outcome.certificatePem, privateKeyPem: outcome.privateKeyPem }
  } finally {
    reading = false
  }
}

/** Reads and checks a PEM pair: readable, the key matches, in its validity period now, and carrying a push topic. */
export function readPushCertificate(certificatePem: string, privateKeyPem: string, now: Date): PushCertificate {
  let cert: X509Certificate
  try {
    cert = new X509Certificate(certificatePem)
    if (!cert.checkPrivateKey(createPrivateKey(privateKeyPem))) throw ApiError.badRequest(t.keyMismatch)
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw ApiError.badRequest(t.badPem)
  }
  const notBefore = new Date(cert.validFrom)
  const notAfter = new Date(cert.validTo)
  if (!(notBefore <= now && now < notAfter)) throw ApiError.badRequest(t.expired)
  const topic = topicOfCertificate(certificatePem)
  if (!topic) throw ApiError.badRequest(t.noTopic)
  return { certificatePem: cert.toString(), privateKeyPem, topic, subject: oneLine(cert.subject), issuer: oneLine(cert.issuer), notBefore, notAfter }
}
