import { domainText } from '../messages/domain'
import { validateNumber } from './validators'

/** SPEC §3: the boolean switches of an iOS restriction profile, in the spec's order. */
export const STRATEGY_BOOLEAN_KEYS = [
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

export type StrategyBooleanKey = (typeof STRATEGY_BOOLEAN_KEYS)[number]

/** "0" means the profile never expires (SPEC §3). */
export const NO_EXPIRY = '0'

export type StrategyForm = Record<StrategyBooleanKey, boolean> & { expiryTimeMinute: string }

export type StrategyPayload = Record<StrategyBooleanKey, boolean> & { expiryTimeMinute?: string }

/** What a stored profile may look like: any key may be missing or null. */
export type StrategyInput = Partial<Record<StrategyBooleanKey, boolean | null>> & {
  expiryTimeMinute?: string | number | null
}

/** SPEC §9: these switches are on unless the stored profile says otherwise; all others are off. */
export const STRATEGY_DEFAULTS: Readonly<Record<StrategyBooleanKey, boolean>> = {
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

/** The switches with their Chinese labels, in display order. */
export const STRATEGY_OPTIONS: readonly { key: StrategyBooleanKey; label: string }[] = STRATEGY_BOOLEAN_KEYS.map(
  (key) => ({ key, label: domainText.strategy.labels[key] }),
)

function isNoExpiry(expiryTimeMinute: string): boolean {
  return /^0*$/.test(expiryTimeMinute)
}

/** The form values for a stored profile (or none): missing or null switches take their default. */
export function applyStrategyDefaults(partial: StrategyInput | null | undefined = {}): StrategyForm {
  const source = partial ?? {}
  const form = { expiryTimeMinute: NO_EXPIRY } as StrategyForm
  for (const key of STRATEGY_BOOLEAN_KEYS) form[key] = source[key] ?? STRATEGY_DEFAULTS[key]
  const expiry = source.expiryTimeMinute == null ? '' : String(source.expiryTimeMinute).trim()
  form.expiryTimeMinute = isNoExpiry(expiry) ? NO_EXPIRY : expiry
  return form
}

/** SPEC §9: expiryTimeMinute is sent only when not "0" (an empty field or "00" also means none). */
export function toStrategyPayload(form: StrategyForm): StrategyPayload {
  const payload = {} as StrategyPayload
  for (const key of STRATEGY_BOOLEAN_KEYS) payload[key] = form[key]
  const expiry = form.expiryTimeMinute.trim()
  if (!isNoExpiry(expiry)) payload.expiryTimeMinute = expiry
  return payload
}

export function validateExpiryTimeMinute(expiryTimeMinute: string): string | undefined {
  const value = expiryTimeMinute.trim()
  return value === '' || validateNumber(value) === undefined ? undefined : domainText.validation.expiryTimeMinute
}
