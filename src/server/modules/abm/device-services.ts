import { readFileSync } from 'node:fs'
import { request } from 'node:https'

/**
 * Apple's device services (MDM_APPLE_DEVICESERVICES_URL, default https://deviceservices-external.apple.com): the
 * escrow-key unlock that removes Activation Lock with a bypass code (Apple: "Creating and using bypass codes").
 * POST /deviceservicesworkers/escrowKeyUnlock, the device in the query (serial and productType, with imei / imei2 /
 * meid for a cellular phone), orgName, guid and escrowKey (the human-readable code) as a form; the server's MDM push
 * (APNs) certificate and key are the TLS client identity Apple authenticates the caller by. HTTP 200 means the lock is
 * removed; anything else is Apple's refusal, its text kept for the console.
 */

export interface EscrowKeyUnlock {
  serial: string
  productType: string
  imei?: string
  imei2?: string
  meid?: string
  /** Who asks, for Apple's audit: the organisation's name and the user (a username or email). */
  orgName: string
  guid: string
  /** The bypass code, human-readable (XXXXX-XXXXX-XXXX-XXXX-XXXX-XXXX). */
  escrowKey: string
}

export type UnlockAnswer = { ok: true } | { ok: false; status: number; text: string }

export interface DeviceServicesClient {
  escrowKeyUnlock(params: EscrowKeyUnlock): Promise<UnlockAnswer>
}

export interface DeviceServicesOptions {
  baseUrl: string
  /** The push certificate and key (PEM); null while none is configured. */
  identity: () => Promise<{ cert: string; key: string } | null>
  /** PEM file of extra trust for the service's TLS certificate (a local simulator); unset: the system's roots. */
  caFile?: string
  timeoutMs?: number
}

export class NoPushIdentity extends Error {}

export function deviceServicesClient(options: DeviceServicesOptions): DeviceServicesClient {
  const ca = options.caFile ? readFileSync(options.caFile, 'utf8') : undefined
  return {
    async escrowKeyUnlock(p) {
      const identity = await options.identity()
      if (!identity) throw new NoPushIdentity('no push certificate')
      const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/deviceservicesworkers/escrowKeyUnlock`)
      url.searchParams.set('serial', p.serial)
      url.searchParams.set('productType', p.productType)
      for (const key of ['imei', 'imei2', 'meid'] as const) if (p[key]) url.searchParams.set(key, p[key]!)
      const form = new URLSearchParams({ orgName: p.orgName, guid: p.guid, escrowKey: p.escrowKey }).toString()
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          url,
          {
            method: 'POST',
            cert: identity.cert,
            key: identity.key,
            ...(ca ? { ca } : {}),
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
            timeout: options.timeoutMs ?? 30_000,
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, 500) }))
            res.on('error', reject)
          },
        )
        req.on('timeout', () => req.destroy(new Error('timeout')))
        req.on('error', reject)
        req.end(form)
      })
      return status === 200 ? { ok: true } : { ok: false, status, text }
    },
  }
}
