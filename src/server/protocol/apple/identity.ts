import { X509Certificate } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'

/**
 * Who sent an MDM message. A device signs every message it sends (the profile's SignMessage): the Mdm-Signature
 * header is the base64 of a CMS SignedData, detached, over the request body, with its identity certificate among
 * the certificates. Behind a TLS terminator that asks for client certificates the identity can instead arrive as
 * the client certificate, forwarded URL-escaped in a header (nginx's $ssl_client_escaped_cert).
 *
 * pkijs verifies the CMS signature (digest of the body and the signature over the signed attributes); the caller
 * checks that the certificate was issued by this server's CA and is the one bound to the device.
 */
export async function signerOfMdmSignature(signatureBase64: string, body: Uint8Array): Promise<X509Certificate | null> {
  try {
    const der = Buffer.from(signatureBase64.replace(/\s+/g, ''), 'base64')
    if (der.length === 0) return null
    const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(new Uint8Array(der)).result })
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) return null
    const signed = new pkijs.SignedData({ schema: info.content })
    if (signed.signerInfos.length !== 1) return null
    const result = await signed.verify({
      signer: 0,
      data: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
      checkChain: false,
      extendedMode: true,
    })
    if (!result.signatureVerified || !result.signerCertificate) return null
    return new X509Certificate(Buffer.from(result.signerCertificate.toSchema().toBER(false)))
  } catch {
    return null
  }
}

/** The forwarded client certificate's PEM (the header is URL-escaped PEM), or null when it does not decode. */
export function forwardedClientCertificate(header: string): string | null {
  try {
    return decodeURIComponent(header)
  } catch {
    return null
  }
}
