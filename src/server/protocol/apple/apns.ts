import { X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http2 from 'node:http2'
import { appleMdmText } from '../../../shared/messages/apple'
import { log as serverLog } from '../../log'

/**
 * MDM wake-up pushes through Apple Push Notification service: an HTTP/2 POST of {"mdm": PushMagic} to the device
 * token, authenticated by the MDM push certificate (TLS client certificate), with apns-push-type mdm and the
 * certificate's topic. The push carries no command: the device answers by checking in at its ServerURL.
 */
export type PushOutcome = 'sent' | 'invalid-token' | 'failed' | 'not-configured'

export interface PushTarget {
  token: string
  pushMagic: string
  topic: string
}

export interface ApnsClient {
  /** The topic devices must be enrolled with: the push certificate's UID, or a placeholder without one. */
  readonly topic: string
  push(target: PushTarget): Promise<PushOutcome>
  close(): void
  /** Catches up with a certificate another server process took (ReloadableApns); before reading `topic`. */
  fresh?(): Promise<void>
}

/** Without a push certificate every profile still needs a Topic; a real device cannot be woken with it. */
export const PLACEHOLDER_TOPIC = 'com.apple.mgmt.External.not-configured'

/** The topic of an MDM push certificate: the UID of its subject (com.apple.mgmt.External.…). */
export function topicOfCertificate(pem: string): string | null {
  const subject = new X509Certificate(pem).subject
  const uid = subject.split('\n').find((line) => line.startsWith('UID='))
  return uid ? uid.slice(4) : null
}

/** No certificate configured: says so once in the log; devices pick their commands up at their next check-in. */
export function unconfiguredApns(log: (message: string) => void = (m) => serverLog.warn(m)): ApnsClient {
  let logged = false
  return {
    topic: PLACEHOLDER_TOPIC,
    push() {
      if (!logged) log(appleMdmText.apnsNotConfigured)
      logged = true
      return Promise.resolve('not-configured')
    },
    close() {},
  }
}

export interface ApnsOptions {
  url: string
  cert: string
  key: string
  /** Extra trusted CAs (tests: the local HTTP/2 server's certificate). */
  ca?: string
  log?: (message: string) => void
  timeoutMs?: number
}

export function http2Apns(options: ApnsOptions): ApnsClient {
  const log = options.log ?? ((m: string) => serverLog.warn(m))
  const topic = topicOfCertificate(options.cert) ?? PLACEHOLDER_TOPIC
  let session: http2.ClientHttp2Session | null = null
  const connect = () => {
    if (session && !session.closed && !session.destroyed) return session
    const s = http2.connect(options.url, { cert: options.cert, key: options.key, ...(options.ca ? { ca: options.ca } : {}) })
    // A broken connection is replaced at the next push; its error must not end the process.
    s.on('error', () => {})
    s.on('close', () => {
      if (session === s) session = null
    })
    s.unref()
    session = s
    return s
  }
  return {
    topic,
    push(target) {
      return new Promise<PushOutcome>((resolve) => {
        let req: http2.ClientHttp2Stream
        try {
          req = connect().request({
            ':method': 'POST',
            ':path': `/3/device/${target.token}`,
            'apns-topic': target.topic || topic,
            'apns-push-type': 'mdm',
            'content-type': 'application/json',
          })
        } catch (error) {
          log(appleMdmText.apnsFailed('-', (error as Error).message))
          resolve('failed')
          return
        }
        req.setTimeout(options.timeoutMs ?? 10_000, () => req.close(http2.constants.NGHTTP2_CANCEL))
        let status = 0
        let body = ''
        req.on('response', (headers) => {
          status = Number(headers[':status'])
        })
        req.setEncoding('utf8')
        req.on('data', (chunk: string) => {
          body += chunk
        })
        req.on('error', (error) => {
          log(appleMdmText.apnsFailed('-', error.message))
          resolve('failed')
        })
        req.on('close', () => {
          if (status === 200) return resolve('sent')
          let reason = ''
          try {
            reason = String((JSON.parse(body) as { reason?: unknown }).reason ?? '')
          } catch {
            reason = body
          }
          if (status === 0) return resolve('failed')
          log(appleMdmText.apnsFailed(status, reason))
          resolve(status === 410 || reason === 'BadDeviceToken' || reason === 'Unregistered' ? 'invalid-token' : 'failed')
        })
        req.end(JSON.stringify({ mdm: target.pushMagic }))
      })
    },
    close() {
      session?.close()
      session = null
    },
  }
}

/** The client the configuration asks for. */
export function createApns(config: { apnsCertFile?: string; apnsKeyFile?: string; apnsUrl: string }): ApnsClient {
  if (!config.apnsCertFile || !config.apnsKeyFile) return unconfiguredApns()
  return http2Apns({ url: config.apnsUrl, cert: readFileSync(config.apnsCertFile, 'utf8'), key: readFileSync(config.apnsKeyFile, 'utf8') })
}
