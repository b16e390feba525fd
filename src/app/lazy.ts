import { lazyRouteComponent } from '@tanstack/react-router'
import { errorMessages } from '../shared/messages/common'

/** SPEC §9: a screen's code that has not arrived within 120 s counts as failed (the route shows retry). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A lazily loaded route component whose chunk must arrive within CHUNK_LOAD_TIMEOUT_MS. */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(importer: () => Promise<M>, exportName: K) {
  return lazyRouteComponent(() => withTimeout(importer(), CHUNK_LOAD_TIMEOUT_MS, errorMessages.chunkLoadTimeout), exportName)
}
