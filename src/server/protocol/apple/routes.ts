import { Hono, type Context } from 'hono'
import { appleMdmText as t } from '../../../shared/messages/apple'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { arrivedOverTls } from '../../http/arrived-over-tls'
import { clientIp } from '../../http/client-ip'
import { ApiError } from '../../http/errors'
import { recordRefusal } from '../../modules/audit/service'
import { depSerialOf } from './abm-checkin'
import { fingerprintOf } from './ca'
import { forwardedClientCertificate, signerOfMdmSignature } from './identity'
import { buildPlist, parseDict } from './plist'
import { CHECKIN_PATH, DEP_ENROLL_PATH, SERVER_PATH } from './profile'

/**
 * The identity a message comes with, when this server's CA issued it: the Mdm-Signature over the body, or (with
 * MDM_APPLE_IDENTITY=client-cert) the client certificate the TLS terminator forwards. Anything else is 401.
 */
async function identify(c: Context<AppEnv>, body: Uint8Array): Promise<{ fingerprint: string; depSerial: string | null }> {
  const { config, appleCa } = c.var.services
  let cert: string | Buffer | null = null
  const forwarded = config.apple.identitySource === 'client-cert' ? c.req.header(config.apple.clientCertHeader) : undefined
  if (forwarded) cert = forwardedClientCertificate(forwarded)
  else {
    const signature = c.req.header('mdm-signature')
    if (signature) cert = (await signerOfMdmSignature(signature, body))?.raw ?? null
  }
  const issued = cert ? appleCa.verifyIssued(cert, new Date()) : null
  if (!issued) throw ApiError.unauthorized(t.identityInvalid)
  return { fingerprint: fingerprintOf(issued), depSerial: depSerialOf(issued) }
}

/**
 * Issue #41 item 12: what no device of ours sends is recorded, within the address's budget (a request that is
 * answered costs no counter).
 */
async function refused<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof ApiError) {
      const { db, limiter, config } = c.var.services
      await recordRefusal(db, limiter, clientIp(c, config.trustProxy), { action: 'apple.refused', summary: c.req.path, reason: err.message })
    }
    throw err
  }
}

/** Issue #41: Apple's messages carry no time or nonce; only TLS keeps one from being captured and replayed (docs/apple-mdm.md). */
function requireTls(c: Context<AppEnv>) {
  const { config } = c.var.services
  if (config.appleRequireHttps && !arrivedOverTls(c, config.trustProxy)) throw ApiError.forbidden(t.httpsRequired)
}

function readMessage(c: Context<AppEnv>) {
  return refused(c, async () => {
    // Refused before anything is read, so a plain-HTTP request changes nothing.
    requireTls(c)
    const body = new Uint8Array(await c.req.arrayBuffer())
    const identity = await identify(c, body)
    const message = parseDict(Buffer.from(body).toString('utf8'))
    if (!message) throw ApiError.badRequest(t.badMessage)
    return { ...identity, message }
  })
}

const service = (c: Context<AppEnv>) => c.var.services.appleMdm

/**
 * Apple's MDM endpoints, mounted at /mdm/apple: CheckInURL and ServerURL of the enrollment profile, and the enrollment
 * URL of the company's Apple Business Manager profile (issue #42), where a phone in Setup Assistant posts its signed
 * MachineInfo (application/pkcs7-signature) and gets the enrollment profile of the company that owns its serial.
 */
export const appleMdmRoutes = new Hono<AppEnv>()
  .put(CHECKIN_PATH, access.public, async (c) => {
    const { fingerprint, depSerial, message } = await readMessage(c)
    await service(c).checkin(fingerprint, message, depSerial)
    return c.body(null, 200)
  })
  .put(SERVER_PATH, access.public, async (c) => {
    const { fingerprint, message } = await readMessage(c)
    const next = await service(c).command(fingerprint, message)
    if (!next) return c.body(null, 200)
    return c.body(buildPlist(next), 200, { 'content-type': 'application/xml; charset=utf-8' })
  })
  .post(DEP_ENROLL_PATH, access.public, async (c) => {
    const profile = await refused(c, async () => {
      requireTls(c)
      return c.var.services.depEnrollment.profileFor(new Uint8Array(await c.req.arrayBuffer()))
    })
    return c.body(profile, 200, { 'content-type': 'application/x-apple-aspen-config' })
  })
