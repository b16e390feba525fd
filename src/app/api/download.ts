import { errorMessages } from '../../shared/messages/common'
import { notify } from '../notify'
import { apiBases, type Route } from '../../shared/contract/routes'
import { buildUrl } from './http'
import { getToken, signOut } from './token'

type Params = Record<string, string | number | boolean | null | undefined>

/** The file name a response names in Content-Disposition (RFC 5987 filename* first), if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]
}

/** The text a failed download shows: the envelope's message when the body is one, else the body itself. */
function failureText(text: string): string {
  try {
    const body = JSON.parse(text) as { msg?: unknown }
    if (typeof body.msg === 'string' && body.msg) return body.msg
  } catch {
    // not JSON: show the text as it is
  }
  return text.trim() || errorMessages.networkError
}

export interface DownloadOptions {
  /** The name to save under when the server names none. */
  fileName?: string
  /** Told of every part received: bytes so far, and the whole when the server said it (Content-Length). */
  onProgress?: (received: number, total: number | null) => void
}

/** The body, read part by part so that a large export shows it is on its way (issue #43). */
async function readWithProgress(res: Response, onProgress: NonNullable<DownloadOptions['onProgress']>): Promise<Blob> {
  const length = Number(res.headers.get('content-length'))
  const total = Number.isFinite(length) && length > 0 ? length : null
  const reader = res.body!.getReader()
  const parts: Uint8Array[] = []
  let received = 0
  onProgress(0, total)
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    received += value.byteLength
    onProgress(received, total)
  }
  return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? '' })
}

/**
 * SPEC §7 download helper: GET with the token header, binary response. 200 yields a temporary link (an object URL,
 * also clicked to save the file under `fileName` or the server's name); any other status shows the response text
 * as a warning and yields ''; a network error yields '' (with the network-failure notice). SPEC §8: HTTP 401 signs
 * out and goes to /login silently, as the API client does.
 */
export async function download(endpoint: Route, params: Params = {}, opts: DownloadOptions = {}): Promise<string> {
  const token = getToken()
  let res: Response
  try {
    res = await fetch(buildUrl(apiBases[endpoint.base], endpoint.path, params), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    notify.warning(errorMessages.networkFailed)
    return ''
  }
  if (res.status === 401) {
    signOut()
    window.location.assign('/login')
    return ''
  }
  if (res.status !== 200) {
    notify.warning(failureText(await res.text().catch(() => '')))
    return ''
  }
  const blob = opts.onProgress && res.body ? await readWithProgress(res, opts.onProgress) : await res.blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileNameOf(res.headers.get('content-disposition')) ?? opts.fileName ?? 'download'
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // The link stays valid long enough for the browser to start saving, then its memory is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return url
}
