import { STRATEGY_BOOLEAN_KEYS, type StrategyBooleanKey } from './strategy'

/**
 * The restriction strategy of the Apple detail (SPEC §3 strategy booleans, §9 defaults) and the one table that maps
 * each of the spec's names to Apple's key in a com.apple.applicationaccess payload (github.com/apple/device-management,
 * mdm/profiles/com.apple.applicationaccess.yaml). docs/apple-restrictions.md explains the table.
 */

/** The strategy as saved: SPEC §3's booleans (keys, order and §9 defaults are strategy.ts's). */
export type Strategy = Record<StrategyBooleanKey, boolean>

/**
 * Where a spec boolean goes:
 * - `restriction`: a key of the com.apple.applicationaccess payload; `inverted` when the spec says notAllow… and
 *   Apple says allow… (the value sent is the negation); `supervised` when Apple's schema marks it supervised-only on
 *   iOS (an unsupervised iPhone ignores it).
 * - `profileRemovalDisallowed`: the restriction profile's own top-level PayloadRemovalDisallowed (supervised only):
 *   the user cannot remove the restrictions from Settings. Apple has no restriction that keeps a device in MDM; that
 *   is the enrollment profile's property (or Apple Business Manager's "MDM unremovable"), fixed at enrollment.
 * - `none`: Apple has no equivalent a restrictions payload can carry; stored and shown, never sent.
 */
export type StrategyTarget =
  | { kind: 'restriction'; key: string; inverted: boolean; supervised: boolean }
  | { kind: 'profileRemovalDisallowed'; supervised: true }
  | { kind: 'none'; why: string }

const allow = (key: string, supervised: boolean): StrategyTarget => ({ kind: 'restriction', key, inverted: true, supervised })
const force = (key: string, supervised: boolean): StrategyTarget => ({ kind: 'restriction', key, inverted: false, supervised })

/** The one mapping table (spec name → Apple). */
export const strategyMapping: Readonly<Record<StrategyBooleanKey, StrategyTarget>> = {
  notAllowDefinitionLookup: allow('allowDefinitionLookup', true),
  notAllowDiagnosticSubmission: allow('allowDiagnosticSubmission', false),
  notAllowEnterpriseAppTrust: allow('allowEnterpriseAppTrust', false),
  notAllowEraseContentAndSettings: allow('allowEraseContentAndSettings', true),
  notAllowFilesNetworkDriveAccess: allow('allowFilesNetworkDriveAccess', true),
  notAllowFilesUSBDriveAccess: allow('allowFilesUSBDriveAccess', true),
  notAllowHostPairing: allow('allowHostPairing', true),
  notAllowUIConfigurationProfileInstallation: allow('allowUIConfigurationProfileInstallation', true),
  notAllowVPNCreation: allow('allowVPNCreation', true),
  forceEncryptedBackup: force('forceEncryptedBackup', false),
  forceAutomaticDateAndTime: force('forceAutomaticDateAndTime', true),
  notAllowAccountModification: allow('allowAccountModification', true),
  notAllowLeaveRemoteManagement: { kind: 'profileRemovalDisallowed', supervised: true },
  // com.apple.dnsSettings.managed has ProhibitDisablement, but only beside a DNS server to enforce (DNSSettings with
  // ServerAddresses), which the strategy does not name; com.apple.applicationaccess has no DNS key.
  notAllowSetDns: { kind: 'none', why: 'com.apple.applicationaccess has no DNS key; com.apple.dnsSettings.managed needs a DNS server' },
  notAllowFindMyDevice: allow('allowFindMyDevice', true),
}

/** The com.apple.applicationaccess keys for a strategy: every mapped key, with Apple's name and value. */
export function applicationAccessKeys(strategy: Strategy): Record<string, boolean> {
  const keys: Record<string, boolean> = {}
  for (const name of STRATEGY_BOOLEAN_KEYS) {
    const target = strategyMapping[name]
    if (target.kind === 'restriction') keys[target.key] = target.inverted ? !strategy[name] : strategy[name]
  }
  return keys
}

/** Whether the restriction profile itself may not be removed by the user (PayloadRemovalDisallowed). */
export const profileRemovalDisallowed = (strategy: Strategy) => strategy.notAllowLeaveRemoteManagement

/** Whether Apple applies the boolean only on supervised devices. */
export function supervisedOnly(key: StrategyBooleanKey): boolean {
  const target = strategyMapping[key]
  return target.kind !== 'none' && target.supervised
}
