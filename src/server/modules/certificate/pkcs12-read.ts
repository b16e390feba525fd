import forge from 'node-forge'

/**
 * The most iterations one key derivation of an uploaded PKCS#12 may ask for (issue #41). Real exports use 2,048
 * (OpenSSL, a Mac's Keychain) to 10,000; node-forge derives in JavaScript at a few µs an iteration, so this costs well
 * under a second per derivation, and a file has three to five of them. A count of 2^31 would take about 40 minutes.
 */
export const MAX_PKCS12_ITERATIONS = 100_000

/** A derivation asked for more iterations than allowed; thrown before it starts. */
export class TooManyIterations extends Error {
  constructor(readonly iterations: number) {
    super(`PKCS#12 asks for ${iterations} iterations`)
  }
}

export interface PemPair {
  certificatePem: string
  privateKeyPem: string
}

type Derive = (...args: unknown[]) => unknown

/**
 * node-forge derives every key of a PKCS#12 through pbe.generatePkcs12Key (legacy PBE; the MAC's under its other name,
 * pkcs12.generateKey) or pkcs5.pbkdf2 (PBES2), the iteration count among the arguments. Each is wrapped once, so that
 * the count is checked before any derivation runs: the MAC's and the outer bags' counts, and those of bags that become
 * readable only after an outer one is decrypted.
 */
const derivations: [owner: Record<string, Derive>, name: string, iterationsArgument: number][] = [
  [(forge as unknown as { pki: { pbe: Record<string, Derive> } }).pki.pbe, 'generatePkcs12Key', 3],
  [forge.pkcs12 as unknown as Record<string, Derive>, 'generateKey', 3],
  [forge.pkcs5 as unknown as Record<string, Derive>, 'pbkdf2', 2],
]
const allowed = { iterations: MAX_PKCS12_ITERATIONS }
let bounded = false

function boundDerivations() {
  if (bounded) return
  bounded = true
  for (const [owner, name, at] of derivations) {
    const derive = owner[name]
    owner[name] = (...args: unknown[]) => {
      const iterations = Number(args[at])
      if (!(iterations <= allowed.iterations)) throw new TooManyIterations(iterations)
      return derive(...args)
    }
  }
}

/**
 * The certificate and key of a PKCS#12, as PEM. Synchronous and slow by design of the format (its keys are derived
 * from the password), so the server calls it in a worker thread (pkcs12-worker.ts), never on the event loop.
 * Throws TooManyIterations, or an Error for a damaged file or a wrong password.
 */
export function readPkcs12(der: Uint8Array, password: string, maxIterations = MAX_PKCS12_ITERATIONS): PemPair {
  boundDerivations()
  allowed.iterations = maxIterations
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(der).toString('binary')), password)
  const bag = (type: string) => p12.getBags({ bagType: type })[type] ?? []
  const key = bag(forge.pki.oids.pkcs8ShroudedKeyBag)[0]?.key ?? bag(forge.pki.oids.keyBag)[0]?.key
  const certs = bag(forge.pki.oids.certBag)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c)
  // The push certificate is the leaf, not a CA that may travel with it.
  const cert = certs.find((c) => !(c.getExtension('basicConstraints') as { cA?: boolean } | null)?.cA) ?? certs[0]
  if (!key || !cert) throw new Error('no key or certificate')
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: forge.pki.privateKeyToPem(key) }
}
