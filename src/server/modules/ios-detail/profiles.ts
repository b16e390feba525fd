import { randomUUID } from 'node:crypto'
import { lockMessageText, restrictionText } from '../../../shared/messages/ios-detail-a'
import { applicationAccessKeys, profileRemovalDisallowed, type Strategy } from '../../../shared/domain/restrictions'
import type { QueuedRequest } from '../../protocol/apple/commands'
import { buildPlist, type PlistDict } from '../../protocol/apple/plist'

/**
 * The configuration profiles of the detail's tabs (issue #14) and the InstallProfile / RemoveProfile requests that
 * carry them. Keys as in Apple's schema: mdm/profiles/TopLevel.yaml, com.apple.applicationaccess.yaml,
 * com.apple.shareddeviceconfiguration.yaml; mdm/commands/profile.install.yaml (Payload: <data>) and
 * profile.remove.yaml (Identifier).
 */
export const RESTRICTION_PROFILE_IDENTIFIER = 'cn.mdm-console.restrictions'
export const LOCK_MESSAGE_PROFILE_IDENTIFIER = 'cn.mdm-console.lock-screen-message'

function profile(identifier: string, name: string, top: PlistDict, payload: PlistDict): string {
  return buildPlist({
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: identifier,
    PayloadUUID: randomUUID().toUpperCase(),
    PayloadDisplayName: name,
    ...top,
    PayloadContent: [{ PayloadVersion: 1, PayloadIdentifier: `${identifier}.payload`, PayloadUUID: randomUUID().toUpperCase(), PayloadDisplayName: name, ...payload }],
  })
}

/**
 * The restriction strategy as a profile: one com.apple.applicationaccess payload holding exactly the mapped keys;
 * the profile itself unremovable by the user when notAllowLeaveRemoteManagement; an expiring one also carries
 * DurationUntilRemoval, so the device drops it on time even if the server's RemoveProfile cannot reach it.
 */
export function restrictionProfile(strategy: Strategy, expiryMinutes: number): string {
  const top: PlistDict = { PayloadDescription: restrictionText.profileDescription, PayloadRemovalDisallowed: profileRemovalDisallowed(strategy) }
  if (expiryMinutes > 0) top.DurationUntilRemoval = expiryMinutes * 60
  return profile(RESTRICTION_PROFILE_IDENTIFIER, restrictionText.profileName, top, { PayloadType: 'com.apple.applicationaccess', ...applicationAccessKeys(strategy) })
}

/**
 * The lock-screen message: Apple's Settings command has no lock-screen text item; the documented way is the
 * com.apple.shareddeviceconfiguration payload's LockScreenFootnote (supervised, iOS 9.3.1+), with RemovalDate so
 * the device removes it itself when it expires.
 */
export function lockMessageProfile(message: string, removalDate: Date): string {
  return profile(LOCK_MESSAGE_PROFILE_IDENTIFIER, lockMessageText.profileName, { RemovalDate: removalDate }, { PayloadType: 'com.apple.shareddeviceconfiguration', LockScreenFootnote: message })
}

/** InstallProfile; the profile travels as base64 in the task (JSON) and as <data> to the device (commandDict). */
export const installProfile = (plist: string): QueuedRequest => ({ requestType: 'InstallProfile', params: { Payload: Buffer.from(plist, 'utf8').toString('base64') } })

export const removeProfile = (identifier: string): QueuedRequest => ({ requestType: 'RemoveProfile', params: { Identifier: identifier } })
