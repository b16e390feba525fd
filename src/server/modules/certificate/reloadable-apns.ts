import { readFileSync } from 'node:fs'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { apnsCertificates } from '../../db/schema'
import type { SecretBox } from '../../crypto/secret-box'
import { http2Apns, unconfiguredApns, type ApnsClient, type PushTarget } from '../../protocol/apple/apns'

export type ApnsSource = 'FILE' | 'UPLOADED' | 'NONE'

/** How long a process pushes with the certificate it has before asking the database whether a newer one was uploaded. */
export const APNS_RECHECK_MS = 30_000

/**
 * The APNs client the server pushes with, replaceable while it runs (issue #14): it starts with the configured
 * certificate (MDM_APNS_CERT_FILE / KEY_FILE); the newest certificate uploaded on the certificate page, kept in the
 * database, takes over at start-up (`loadStored`), at once in the process it was uploaded to (`use`), and in every
 * other server process sharing the database within APNS_RECHECK_MS (`fresh`, asked before a push, a profile or the
 * certificate page reads the topic): one indexed id lookup per interval, not per push.
 */
export class ReloadableApns implements ApnsClient {
  private current: ApnsClient
  private loaded: Promise<void> | null = null
  private store: { db: Db; secrets: SecretBox } | null = null
  /** The uploaded certificate in use (its row id), and when the database was last asked for a newer one. */
  private storedId: number | null = null
  private checkedAt = 0
  private checking: Promise<void> | null = null
  source: ApnsSource
  certificatePem: string | null
  /** The key of certificatePem: the TLS client identity of Apple's device services too (issue #42, activation lock). */
  private privateKeyPem: string | null = null

  constructor(
    private readonly config: { apnsCertFile?: string; apnsKeyFile?: string; apnsUrl: string },
    private readonly now: () => number = Date.now,
  ) {
    if (config.apnsCertFile && config.apnsKeyFile) {
      this.certificatePem = readFileSync(config.apnsCertFile, 'utf8')
      this.privateKeyPem = readFileSync(config.apnsKeyFile, 'utf8')
      this.current = http2Apns({ url: config.apnsUrl, cert: this.certificatePem, key: this.privateKeyPem })
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

  async push(target: PushTarget) {
    await this.fresh()
    return this.current.push(target)
  }

  close(): void {
    this.current.close()
  }

  /** The push certificate and its key in use (the newest uploaded one), for a TLS client; null while there is none. */
  async tlsIdentity(): Promise<{ cert: string; key: string } | null> {
    await this.fresh()
    return this.certificatePem && this.privateKeyPem ? { cert: this.certificatePem, key: this.privateKeyPem } : null
  }

  /** Pushes with this certificate from now on. */
  use(certificatePem: string, privateKeyPem: string): void {
    const previous = this.current
    this.current = http2Apns({ url: this.config.apnsUrl, cert: certificatePem, key: privateKeyPem })
    this.certificatePem = certificatePem
    this.privateKeyPem = privateKeyPem
    this.source = 'UPLOADED'
    previous.close()
  }

  /** Takes the newest uploaded certificate at start-up; from then on `fresh` keeps up with other processes' uploads. */
  loadStored(db: Db, secrets: SecretBox): Promise<void> {
    this.store ??= { db, secrets }
    this.loaded ??= this.takeNewest()
    return this.loaded
  }

  /** The certificate just uploaded through this process, stored as row `id`. */
  useStored(id: number, certificatePem: string, privateKeyPem: string): void {
    this.use(certificatePem, privateKeyPem)
    this.storedId = id
    this.checkedAt = this.now()
  }

  /** Switches to a certificate another process uploaded, when the last look is older than APNS_RECHECK_MS. */
  async fresh(): Promise<void> {
    if (!this.store) return
    await this.loaded
    if (this.now() - this.checkedAt < APNS_RECHECK_MS) return
    this.checking ??= this.takeNewest().finally(() => (this.checking = null))
    await this.checking
  }

  private async takeNewest(): Promise<void> {
    if (!this.store) return
    const { db, secrets } = this.store
    this.checkedAt = this.now()
    const [newest] = await db.select({ id: apnsCertificates.id }).from(apnsCertificates).orderBy(desc(apnsCertificates.id)).limit(1)
    if (!newest || newest.id === this.storedId) return
    const [row] = await db.select().from(apnsCertificates).where(eq(apnsCertificates.id, newest.id))
    if (row) this.useStored(row.id, row.certificatePem, secrets.open(row.privateKeySealed))
  }
}
