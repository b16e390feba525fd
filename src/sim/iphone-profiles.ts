import { parse } from 'plist'

/**
 * The simulated iPhone's configuration profiles besides its enrollment (issue #14): InstallProfile and RemoveProfile
 * by Apple's rules (mdm/commands/profile.install.yaml, profile.remove.yaml). A profile is kept exactly as received,
 * by its PayloadIdentifier (a second one with the same identifier replaces the first), so a test reads what the
 * device got; payloads Apple marks supervised-only refuse to install on an unsupervised phone.
 */
type Dict = Record<string, unknown>

export interface InstalledProfile {
  /** The whole profile as the device parsed it. */
  profile: Dict
  installedAt: Date
}

export type ProfileAnswer = { ok: true; answer: Dict } | { ok: false; code: number; description: string }

/** Payload types that need supervision on iOS (com.apple.shareddeviceconfiguration.yaml: supervised: true). */
const SUPERVISED_PAYLOADS = new Set(['com.apple.shareddeviceconfiguration'])

/** The profile identifier the phone's MDM enrollment came with (removing it ends management). */
export const isEnrollmentIdentifier = (identifier: string, enrollmentIdentifier: string) => identifier === enrollmentIdentifier

export function installProfile(profiles: Map<string, InstalledProfile>, command: Dict, supervised: boolean, now = new Date()): ProfileAnswer {
  const payload = command.Payload
  if (!(payload instanceof Uint8Array)) return { ok: false, code: 4001, description: 'Payload 不是描述文件数据' }
  let profile: Dict
  try {
    profile = parse(Buffer.from(payload).toString('utf8')) as Dict
  } catch {
    return { ok: false, code: 1000, description: '描述文件格式无效' }
  }
  const identifier = profile.PayloadIdentifier
  const content = profile.PayloadContent
  if (profile.PayloadType !== 'Configuration' || typeof identifier !== 'string' || !Array.isArray(content)) {
    return { ok: false, code: 1000, description: '描述文件格式无效' }
  }
  if (!supervised && (content as Dict[]).some((p) => SUPERVISED_PAYLOADS.has(String(p.PayloadType)))) {
    return { ok: false, code: 4032, description: '该描述文件仅可安装在受监管的设备上' }
  }
  profiles.set(identifier, { profile, installedAt: now })
  return { ok: true, answer: {} }
}

export function removeProfile(profiles: Map<string, InstalledProfile>, identifier: string): ProfileAnswer {
  if (!profiles.delete(identifier)) return { ok: false, code: 1003, description: '未找到描述文件' }
  return { ok: true, answer: {} }
}

/** Drops profiles whose RemovalDate or DurationUntilRemoval has passed, as iOS does on its own. */
export function dropExpired(profiles: Map<string, InstalledProfile>, now = new Date()): void {
  for (const [identifier, { profile, installedAt }] of profiles) {
    const removal = profile.RemovalDate instanceof Date ? profile.RemovalDate.getTime() : Infinity
    const duration = typeof profile.DurationUntilRemoval === 'number' ? installedAt.getTime() + profile.DurationUntilRemoval * 1000 : Infinity
    if (Math.min(removal, duration) <= now.getTime()) profiles.delete(identifier)
  }
}

/** Every payload of a type among the installed profiles. */
export function payloadsOf(profiles: Map<string, InstalledProfile>, payloadType: string): Dict[] {
  return [...profiles.values()].flatMap(({ profile }) => (profile.PayloadContent as Dict[]).filter((p) => p.PayloadType === payloadType))
}

/** The footnote the lock screen shows (com.apple.shareddeviceconfiguration LockScreenFootnote), if any. */
export function lockScreenFootnote(profiles: Map<string, InstalledProfile>, now = new Date()): string | null {
  dropExpired(profiles, now)
  const footnote = payloadsOf(profiles, 'com.apple.shareddeviceconfiguration').find((p) => typeof p.LockScreenFootnote === 'string')
  return footnote ? String(footnote.LockScreenFootnote) : null
}

/** The restrictions in force: the keys of every com.apple.applicationaccess payload installed. */
export function restrictionsInForce(profiles: Map<string, InstalledProfile>, now = new Date()): Dict {
  dropExpired(profiles, now)
  return Object.assign({}, ...payloadsOf(profiles, 'com.apple.applicationaccess').map(({ PayloadType: _t, PayloadVersion: _v, PayloadIdentifier: _i, PayloadUUID: _u, PayloadDisplayName: _d, ...keys }) => keys)) as Dict
}
