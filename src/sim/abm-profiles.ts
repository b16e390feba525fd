import { randomBytes } from 'node:crypto'
import type { AbmServer } from './abm-devices'

/**
 * The simulated ABM's profile calls (Define a Profile, Assign a Profile, Get a Profile, Remove a Profile), with
 * Apple's checks: a profile_name, JSON booleans for every flag, a valid url, is_mdm_removable false only with
 * is_supervised; per-serial answers SUCCESS, NOT_ACCESSIBLE (not this server's device) or FAILED. An assignment
 * changes the device's profile_status, which a later /devices/sync reports as a "modified" op, as Apple does.
 */

export interface ProfileState {
  profiles: Map<string, Record<string, unknown>>
  /** profile_uuid → the server that defined it (another server's profile is not found). */
  profileServers: Map<string, AbmServer>
  assignments: Map<string, string>
  failingSerials: Set<string>
  now: () => Date
}

type Reply = { status: number; body: unknown }

const booleanFlags = [
  'allow_pairing', 'is_supervised', 'is_multi_user', 'is_mandatory', 'await_device_configured', 'is_mdm_removable',
  'auto_advance_setup', 'is_return_to_service', 'do_not_use_profile_from_backup',
]
const stringFields = ['profile_name', 'url', 'configuration_web_url', 'department', 'support_phone_number', 'support_email_address', 'org_magic', 'language', 'region']

function validateProfile(p: Record<string, unknown>): string | null {
  if (typeof p.profile_name !== 'string' || p.profile_name.trim() === '') return 'CONFIG_NAME_REQUIRED'
  for (const f of stringFields) if (p[f] !== undefined && typeof p[f] !== 'string') return 'MALFORMED_REQUEST_BODY'
  for (const f of booleanFlags) if (p[f] !== undefined && typeof p[f] !== 'boolean') return 'FLAG_INVALID'
  if (p.is_mdm_removable === false && p.is_supervised !== true) return 'FLAG_INVALID'
  for (const f of ['url', 'configuration_web_url']) {
    if (typeof p[f] === 'string') {
      try {
        const u = new URL(p[f] as string)
        if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'CONFIG_URL_INVALID'
      } catch {
        return 'CONFIG_URL_INVALID'
      }
    }
  }
  for (const f of ['skip_setup_items', 'devices', 'anchor_certs', 'supervising_host_certs']) {
    const v = p[f]
    if (v !== undefined && !(Array.isArray(v) && v.every((s) => typeof s === 'string'))) return 'MALFORMED_REQUEST_BODY'
  }
  return null
}

function assign(state: ProfileState, server: AbmServer, uuid: string, serials: string[]): Record<string, string> {
  const devices: Record<string, string> = {}
  for (const serial of serials) {
    if (state.failingSerials.has(serial)) {
      devices[serial] = 'FAILED'
      continue
    }
    if (!server.list.devices.has(serial)) {
      devices[serial] = 'NOT_ACCESSIBLE'
      continue
    }
    state.assignments.set(serial, uuid)
    server.list.modify(serial, { profile_status: 'assigned', profile_uuid: uuid, profile_assign_time: state.now().toISOString() })
    devices[serial] = 'SUCCESS'
  }
  return devices
}

export function handleProfileCall(state: ProfileState, server: AbmServer, method: string, url: URL, input: Record<string, unknown>): Reply {
  const known = (uuid: unknown): uuid is string => typeof uuid === 'string' && state.profileServers.get(uuid) === server
  if (url.pathname === '/profile' && method === 'POST') {
    const invalid = validateProfile(input)
    if (invalid) return { status: 400, body: invalid }
    const uuid = randomBytes(16).toString('hex').toUpperCase()
    const serials = input.devices as string[] | undefined
    state.profiles.set(uuid, { ...input })
    state.profileServers.set(uuid, server)
    return { status: 200, body: { profile_uuid: uuid, devices: assign(state, server, uuid, serials ?? []) } }
  }
  if (url.pathname === '/profile' && method === 'GET') {
    const uuid = url.searchParams.get('profile_uuid')
    if (!known(uuid)) return { status: 400, body: 'PROFILE_NOT_FOUND' }
    const { devices: _devices, ...profile } = state.profiles.get(uuid)!
    return { status: 200, body: { ...profile, profile_uuid: uuid } }
  }
  if (url.pathname === '/profile/devices' && (method === 'PUT' || method === 'POST')) {
    if (!known(input.profile_uuid)) return { status: 400, body: 'PROFILE_NOT_FOUND' }
    const serials = input.devices
    if (!Array.isArray(serials) || serials.length === 0 || !serials.every((s) => typeof s === 'string')) return { status: 400, body: 'DEVICE_ID_REQUIRED' }
    return { status: 200, body: { profile_uuid: input.profile_uuid, devices: assign(state, server, input.profile_uuid, serials as string[]) } }
  }
  if (url.pathname === '/profile/devices' && method === 'DELETE') {
    const serials = input.devices
    if (!Array.isArray(serials) || serials.length === 0) return { status: 400, body: 'DEVICE_ID_REQUIRED' }
    const devices: Record<string, string> = {}
    for (const serial of serials as string[]) {
      if (!server.list.devices.has(serial)) {
        devices[serial] = 'NOT_ACCESSIBLE'
        continue
      }
      state.assignments.delete(serial)
      server.list.modify(serial, { profile_status: 'empty', profile_uuid: undefined, profile_assign_time: undefined })
      devices[serial] = 'SUCCESS'
    }
    return { status: 200, body: { devices } }
  }
  return { status: 405, body: 'METHOD_NOT_ALLOWED' }
}
