import { generateKeyPairSync, X509Certificate } from 'node:crypto'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import forge from 'node-forge'
import { bypassCodeFromText, bypassCodeHash } from '../server/modules/abm/albc'
import type { SimulatedAbm } from './abm'

/**
 * Simulated Apple device services (deviceservices-external.apple.com), the one call an MDM server makes there:
 * POST /deviceservicesworkers/escrowKeyUnlock, which removes Activation Lock with a bypass code (Apple: "Creating and
 * using bypass codes"). As Apple does it: over TLS with the MDM push (APNs) certificate as the client identity; the
 * device in the query (serial, productType required; imei, imei2, meid for cellular devices), the form body holding
 * orgName and guid (for Apple's audit) and escrowKey, the code in its human-readable form. The code is accepted when
 * its hash is one Apple holds for the serial: the escrow_key given to ABM with POST /device/activationlock (the
 * server-made code), or the hash of the code the phone made itself (`lock` registers it, as a phone escrows it when
 * its lock is turned on).
 */

export interface DeviceServicesRequest {
  query: Record<string, string>
  form: Record<string, string>
  clientCertificate: string | null
  status: number
}

export interface SimulatedDeviceServices {
  url: string
  /** The simulator's TLS certificate (self-signed, for 127.0.0.1): the client's trust for it. */
  caPem: string
  /** The phone's Activation Lock is on; Apple knows the hashes of these (human-readable) device-generated codes. */
  lock(serial: string, opts?: { bypassCodes?: string[] }): void
  /** Serials whose Activation Lock is on. */
  locked: Set<string>
  /** Only these push certificates (PEM) may call; empty: any client certificate. */
  trustedClients: string[]
  requests: DeviceServicesRequest[]
  failNext(status: number, body?: string): void
  stop(): Promise<void>
}

function selfSigned(): { cert: string; key: string } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey)
  cert.serialNumber = '01'
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000)
  const name = [{ name: 'commonName', value: 'deviceservices-external.apple.test' }]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
  ])
  cert.sign(forge.pki.privateKeyFromPem(pair.privateKey), forge.md.sha256.create())
  return { cert: forge.pki.certificateToPem(cert), key: pair.privateKey }
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startDeviceServicesSimulator(opts: { abm?: SimulatedAbm } = {}): Promise<SimulatedDeviceServices> {
  const tls = selfSigned()
  const deviceHashes = new Map<string, Set<string>>()
  const locked = new Set<string>()
  const requests: DeviceServicesRequest[] = []
  const failures: Array<{ status: number; body?: string }> = []
  const trustedClients: string[] = []

  function answer(req: IncomingMessage, query: URLSearchParams, form: URLSearchParams, peer: string | null): { status: number; body: string } {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1')
    if (url.pathname !== '/deviceservicesworkers/escrowKeyUnlock') return { status: 404, body: 'Not Found' }
    if (req.method !== 'POST') return { status: 405, body: 'Method Not Allowed' }
    if (!peer) return { status: 403, body: 'client certificate required' }
    if (trustedClients.length > 0 && !trustedClients.some((pem) => new X509Certificate(pem).fingerprint256 === new X509Certificate(peer).fingerprint256)) {
      return { status: 403, body: 'client certificate not authorized' }
    }
    const failure = failures.shift()
    if (failure) return { status: failure.status, body: failure.body ?? '' }
    if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) return { status: 400, body: 'invalid content type' }
    for (const q of ['serial', 'productType']) if (!query.get(q)) return { status: 400, body: `missing ${q}` }
    for (const f of ['orgName', 'guid', 'escrowKey']) if (!form.get(f)) return { status: 400, body: `missing ${f}` }
    const serial = query.get('serial')!
    const code = bypassCodeFromText(form.get('escrowKey')!)
    if (!code) return { status: 400, body: 'invalid escrowKey' }
    const hash = bypassCodeHash(code)
    const accepted = new Set(deviceHashes.get(serial) ?? [])
    const escrowed = opts.abm?.escrowKeys.get(serial)
    if (escrowed) accepted.add(escrowed)
    if (!accepted.has(hash)) return { status: 400, body: 'escrow key does not match' }
    locked.delete(serial)
    return { status: 200, body: '' }
  }

  const server: Server = createServer({ cert: tls.cert, key: tls.key, requestCert: true, rejectUnauthorized: false }, (req, res: ServerResponse) => {
    void (async () => {
      const text = await readText(req)
      const query = new URL(req.url ?? '/', 'https://127.0.0.1').searchParams
      const form = new URLSearchParams(text)
      const peerCert = (req.socket as TLSSocket).getPeerCertificate()
      const peer = peerCert?.raw ? new X509Certificate(peerCert.raw).toString() : null
      const reply = answer(req, query, form, peer)
      requests.push({ query: Object.fromEntries(query), form: Object.fromEntries(form), clientCertificate: peer, status: reply.status })
      res.writeHead(reply.status, { 'content-type': 'text/plain;charset=UTF-8' })
      res.end(reply.body)
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}`,
    caPem: tls.cert,
    lock(serial, o = {}) {
      locked.add(serial)
      const hashes = deviceHashes.get(serial) ?? new Set<string>()
      for (const text of o.bypassCodes ?? []) {
        const code = bypassCodeFromText(text)
        if (code) hashes.add(bypassCodeHash(code))
      }
      deviceHashes.set(serial, hashes)
    },
    locked,
    trustedClients,
    requests,
    failNext(status, body) {
      failures.push({ status, body })
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
