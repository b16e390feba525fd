import { parentPort, workerData } from 'node:worker_threads'
import { readPkcs12, TooManyIterations, type PemPair } from './pkcs12-read'

/** What the worker answers: the PEM pair, or why not (too many iterations, or a damaged file or wrong password). */
export type Pkcs12Outcome = ({ ok: true } & PemPair) | { ok: false; tooManyIterations?: number }

/** The worker side of pemFromPkcs12 (parse.ts): one PKCS#12 read off the event loop, then the thread ends. */
function outcome({ der, password, maxIterations }: { der: Uint8Array; password: string; maxIterations: number }): Pkcs12Outcome {
  try {
    return { ok: true, ...readPkcs12(der, password, maxIterations) }
  } catch (err) {
    return err instanceof TooManyIterations ? { ok: false, tooManyIterations: err.iterations } : { ok: false }
  }
}

if (parentPort && workerData) parentPort.postMessage(outcome(workerData as Parameters<typeof outcome>[0]))
