/**
 * The restriction strategy of the Apple detail (SPEC §3 strategy booleans, §9 defaults) and the one table that maps
 * each of the spec's names to Apple's key in a com.apple.applicationaccess payload (github.com/apple/device-management,
 * mdm/profiles/com.apple.applicationaccess.yaml). docs/apple-restrictions.md explains the table.
 */

/** SPEC §3, in its order. */
export const strategyKeys = [
  'notAllowDefinitionLookup',
  'notAllowDiagnosticSubmission',
  'notAllowEnterpriseAppTrust',
  'notAllowEraseContentAndSettings',
  'notAllowFilesNetworkDriveAccess',
  'notAllowFilesUSBDriveAccess',
  'notAllowHostPairing',
  'notAllowUIConfigurationProfileInstallation',
  'notAllowVPNCreation',
  'forceEncryptedBackup',
  'forceAutomaticDateAndTime',
  'notAllowAccountModification',
  'notAllowLeaveRemoteManagement',
  'notAllowFindMyDevice',
  'notAllowSetDns',
] as const
export type StrategyKey = (typeof strategyKeys)[number]
export type Strategy = Record<StrategyKey, boolean>

/** SPEC §9: forceAutomaticDateAndTime, notAllowAccountModification, notAllowLeaveRemoteManagement, notAllowFindMyDevice, notAllowSetDns true when absent; the rest false. */
export const strategyDefaults: Strategy = {
  notAllowDefinitionLookup: false,
  notAllowDiagnosticSubmission: false,
  notAllowEnterpriseAppTrust: false,
  notAllowEraseContentAndSettings: false,
  notAllowFilesNetworkDriveAccess: false,
  notAllowFilesUSBDriveAccess: false,
  notAllowHostPairing: false,
  notAllowUIConfigurationProfileInstallation: false,
  notAllowVPNCreation: false,
  forceEncryptedBackup: false,
  forceAutomaticDateAndTime: true,
  notAllowAccountModification: true,
  notAllowLeaveRemoteManagement: true,
  notAllowFindMyDevice: true,
  notAllowSetDns: true,
}

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
export const strategyMapping: Readonly<Record<StrategyKey, StrategyTarget>> = {
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
  for (const name of strategyKeys) {
    const target = strategyMapping[name]
    if (target.kind === 'restriction') keys[target.key] = target.inverted ? !strategy[name] : strategy[name]
  }
  return keys
}

/** Whether the restriction profile itself may not be removed by the user (PayloadRemovalDisallowed). */
export const profileRemovalDisallowed = (strategy: Strategy) => strategy.notAllowLeaveRemoteManagement

/** The strategy a stored (possibly partial, older) record stands for: the defaults where a key is absent. */
export function strategyOf(stored: Partial<Record<string, unknown>> | null | undefined): Strategy {
  const out = { ...strategyDefaults }
  for (const key of strategyKeys) {
    const v = stored?.[key]
    if (typeof v === 'boolean') out[key] = v
  }
  return out
}
