import { generateKeyPairSync } from 'node:crypto'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http2Apns, PLACEHOLDER_TOPIC, topicOfCertificate, unconfiguredApns } from './apns'

/** A self-signed certificate and key (PEM) with the given subject; a server one names 127.0.0.1. */
function selfSigned(subject: forge.pki.CertificateField[], server = false) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  cert.serialNumber = '0a'
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + 86400_000)
  cert.setSubject(subject)
  cert.setIssuer(subject)
  if (server) cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }])
  cert.sign(key, forge.md.sha256.create())
  return { cert: forge.pki.certificateToPem(cert), key: keyPem }
}

const TOPIC = 'com.apple.mgmt.External.0f1e2d3c-test'
const client = selfSigned([{ type: '0.9.2342.19200300.100.1.1', value: TOPIC }, { name: 'commonName', value: 'APSP:test' }])
const server = selfSigned([{ name: 'commonName', value: '127.0.0.1' }], true)

interface Seen {
  path: string
  headers: http2.IncomingHttpHeaders
  body: string
  clientCert: boolean
}
const seen: Seen[] = []
let apnsServer: http2.Http2SecureServer
let url = ''

beforeAll(async () => {
  apnsServer = http2.createSecureServer({ cert: server.cert, key: server.key, requestCert: true, rejectUnauthorized: false })
  apnsServer.on('stream', (stream, headers) => {
    let body = ''
    stream.setEncoding('utf8')
    stream.on('data', (c: string) => (body += c))
    stream.on('end', () => {
      const socket = stream.session?.socket as import('node:tls').TLSSocket | undefined
      seen.push({ path: String(headers[':path']), headers, body, clientCert: !!socket?.getPeerCertificate()?.subject })
      const token = String(headers[':path']).split('/').pop()
      if (token === 'gone') {
        stream.respond({ ':status': 410, 'content-type': 'application/json' })
        stream.end(JSON.stringify({ reason: 'Unregistered' }))
      } else if (token === 'bad') {
        stream.respond({ ':status': 400, 'content-type': 'application/json' })
        stream.end(JSON.stringify({ reason: 'BadDeviceToken' }))
      } else if (token === 'busy') {
        stream.respond({ ':status': 503, 'content-type': 'application/json' })
        stream.end(JSON.stringify({ reason: 'ServiceUnavailable' }))
      } else {
        stream.respond({ ':status': 200, 'apns-id': 'x' })
        stream.end()
      }
    })
  })
  await new Promise<void>((resolve) => apnsServer.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(apnsServer.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => apnsServer.close(() => resolve())))

describe('APNs over HTTP/2', () => {
  it('reads the topic from the push certificate', () => {
    expect(topicOfCertificate(client.cert)).toBe(TOPIC)
  })

  it('posts {"mdm": PushMagic} to the token with the MDM push type and the topic, as the certificate’s client', async () => {
    const logs: string[] = []
    const apns = http2Apns({ url, cert: client.cert, key: client.key, ca: server.cert, log: (m) => logs.push(m) })
    try {
      expect(apns.topic).toBe(TOPIC)
      expect(await apns.push({ token: 'abcdef01', pushMagic: 'MAGIC-1', topic: TOPIC })).toBe('sent')
      const last = seen.at(-1)!
      expect(last.path).toBe('/3/device/abcdef01')
      expect(last.headers['apns-topic']).toBe(TOPIC)
      expect(last.headers['apns-push-type']).toBe('mdm')
      expect(last.headers[':method']).toBe('POST')
      expect(JSON.parse(last.body)).toEqual({ mdm: 'MAGIC-1' })
      expect(last.clientCert).toBe(true)
      expect(logs).toEqual([])
    } finally {
      apns.close()
    }
  })

  it('reports 410 and BadDeviceToken as an invalid token, other failures as failed', async () => {
    const logs: string[] = []
    const apns = http2Apns({ url, cert: client.cert, key: client.key, ca: server.cert, log: (m) => logs.push(m) })
    try {
      expect(await apns.push({ token: 'gone', pushMagic: 'm', topic: TOPIC })).toBe('invalid-token')
      expect(await apns.push({ token: 'bad', pushMagic: 'm', topic: TOPIC })).toBe('invalid-token')
      expect(await apns.push({ token: 'busy', pushMagic: 'm', topic: TOPIC })).toBe('failed')
      expect(logs.length).toBe(3)
    } finally {
      apns.close()
    }
  })

  it('without a certificate logs once and pushes nothing', async () => {
    const logs: string[] = []
    const apns = unconfiguredApns((m) => logs.push(m))
    expect(apns.topic).toBe(PLACEHOLDER_TOPIC)
    expect(await apns.push({ token: 'a', pushMagic: 'b', topic: 'c' })).toBe('not-configured')
    expect(await apns.push({ token: 'a', pushMagic: 'b', topic: 'c' })).toBe('not-configured')
    expect(logs).toHaveLength(1)
    expect(logs[0]).toContain('APNs')
  })
})
