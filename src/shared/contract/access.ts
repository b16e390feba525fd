import { z } from 'zod'
import { successMessages } from '../messages/common'
import { access, endpoint, noData, noRequest } from './endpoint'
import { organizationMessages } from '../messages/organization'

export const MAX_WHITELIST_ENTRIES = 50

const ipOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])

/** The entries of an IP whitelist: comma-separated (Chinese commas and spaces tolerated), blanks dropped. */
export function splitWhiteList(text: string): string[] {
  return text
    .split(/[,，\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** Whitelist text normalised to "a,b,c"; every entry an IPv4/IPv6 address or CIDR range. Empty = any address. */
export const ipWhiteListSchema = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    const entries = [...new Set(splitWhiteList(text))]
    if (entries.length > MAX_WHITELIST_ENTRIES) {
      ctx.addIssue({ code: 'custom', message: organizationMessages.ipWhiteListTooMany(MAX_WHITELIST_ENTRIES) })
      return z.NEVER
    }
    const bad = entries.find((entry) => !ipOrRange.safeParse(entry).success)
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: organizationMessages.ipWhiteListInvalid(bad) })
      return z.NEVER
    }
    return entries.join(',')
  })

/** POST /access/create (shape fixed by issue #5) */
export const AccessCreateRequest = z.object({
  name: z.string().trim().min(1).max(32),
  remark: z.string().trim().max(200).default(''),
  ipWhiteList: ipWhiteListSchema.default(''),
})
export type AccessCreateRequest = z.input<typeof AccessCreateRequest>

/** SPEC §3 Access key. accessSecret is null once the key is deleted (SPEC §4: removing clears the secret). */
export const AccessKeyResponse = z
  .object({
    accessKey: z.string(),
    accessSecret: z.string().nullable(),
    gmtCreate: z.string(),
    ipWhiteList: z.string(),
    name: z.string(),
    remark: z.string(),
  })
  .nullable()
export type AccessKeyResponse = z.infer<typeof AccessKeyResponse>

const accessKey = access.authority('access')

/** The company's access key of the open API (SPEC §7 access keys). Its answers carry the secret. */
export const accessEndpoints = {
  get: endpoint({ base: 'main', method: 'GET', path: '/access/get', access: accessKey, request: noRequest, response: AccessKeyResponse }),
  create: endpoint({ base: 'main', method: 'POST', path: '/access/create', access: accessKey, request: AccessCreateRequest, response: AccessKeyResponse, success: successMessages.createKey }),
  refresh: endpoint({ base: 'main', method: 'PUT', path: '/access/refresh', access: accessKey, request: noRequest, response: AccessKeyResponse, success: successMessages.regenerateKey }),
  remove: endpoint({ base: 'main', method: 'POST', path: '/access/delete', access: accessKey, request: noRequest, response: noData, success: successMessages.delete }),
}
