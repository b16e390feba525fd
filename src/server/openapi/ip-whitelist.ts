import { BlockList, isIP } from 'node:net'
import { splitWhiteList } from '../../shared/contract/access'
import { normalizeIp } from '../http/client-ip'

/** Whether the address is allowed by a whitelist of addresses and CIDR ranges; an empty whitelist allows any. */
export function ipAllowed(whiteList: string, address: string): boolean {
  const entries = splitWhiteList(whiteList)
  if (!entries.length) return true
  const ip = normalizeIp(address)
  const family = isIP(ip)
  if (!family) return false
  const list = new BlockList()
  for (const entry of entries) {
    const [base, prefix] = entry.split('/')
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(base, type)
    else list.addSubnet(base, Number(prefix), type)
  }
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4')
}
