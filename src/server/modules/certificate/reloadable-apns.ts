import { readFileSync } from 'node:fs'
import { desc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { apnsCertificates } from '../../db/schema'
import type { SecretBox } from '../../crypto/secret-box'
import { http2Apns, unconfiguredApns, type ApnsClient, type PushTarget } from '../../protocol/apple/apns'

export type ApnsSource = 'FILE' | 'UPLOADED' | 'NONE'

/**
 * The APNs client the server pushes with, replaceable while it runs (issue #14): it starts with the configured
 * certificate (MDM_APNS_CERT_FILE / KEY_FILE); the newest certificate uploaded on the certificate page, kept in the
 * database, takes over at start-up (`loadStored`) and at once when uploaded (`use`).
 */
export class ReloadableApns implements ApnsClient {
  private current: ApnsClient
  private loaded: Promise<void> | null = null
  source: ApnsSource
  certificatePem: string | null

  constructor(private readonly config: { apnsCertFile?: string; apnsKeyFile?: string; apnsUrl: string }) {
    if (config.apnsCertFile && config.apnsKeyFile) {
      this.certificatePem = readFileSync(config.apnsCertFile, 'utf8')
      this.current = http2Apns({ url: config.apnsUrl, cert: this.certificatePem, key: readFileSync(config.apnsKeyFile, 'utf8') })
      this.source = 'FILE'
    } else {
      this.certificatePem = null
      this.current = unconfiguredApns()
      this.source = 'NONE'
    }
  }

  get topic(): string {
    return this.current.topic
  }

  push(target: PushTarget) {
    return this.current.push(target)
  }

  close(): void {
    this.current.close()
  }

  /** Pushes with this certificate from now on. */
  use(certificatePem: string, privateKeyPem: string): void {
    const previous = this.current
    this.current = http2Apns({ url: this.config.apnsUrl, cert: certificatePem, key: privateKeyPem })
    this.certificatePem = certificatePem
    this.source = 'UPLOADED'
    previous.close()
  }

  /** Takes the newest uploaded certificate, once per process (later uploads arrive through `use`). */
  loadStored(db: Db, secrets: SecretBox): Promise<void> {
    this.loaded ??= (async () => {
      const [row] = await db.select().from(apnsCertificates).orderBy(desc(apnsCertificates.id)).limit(1)
      if (row) this.use(row.certificatePem, secrets.open(row.privateKeySealed))
    })()
    return this.loaded
  }
}
