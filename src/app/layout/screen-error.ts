import { errorMessages } from '../../shared/messages/common'

/** How browsers word a dynamic import (or its CSS preload) that could not be fetched. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|ChunkLoadError/i
const HAS_CHINESE = /[\u4e00-\u9fff]/

/**
 * What a failed screen tells the user. A chunk that cannot be fetched will not arrive by trying again (the browser
 * keeps the failed import), so it asks for a reload; our own errors are already Chinese; anything else (a browser's
 * English text) becomes a Chinese sentence.
 */
export function describeScreenError(error: unknown): { message: string; reload: boolean } {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  if (CHUNK_FAILURE.test(text)) return { message: errorMessages.chunkLoadFailed, reload: true }
  return { message: HAS_CHINESE.test(text) ? text : errorMessages.screenFailed, reload: false }
}
