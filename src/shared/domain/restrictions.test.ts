import { describe, expect, it } from 'vitest'
import { applicationAccessKeys, profileRemovalDisallowed, strategyMapping, supervisedOnly } from './restrictions'
import { STRATEGY_BOOLEAN_KEYS as strategyKeys, STRATEGY_DEFAULTS as strategyDefaults } from './strategy'

describe('the restriction strategy (SPEC §3, §9)', () => {
  it('maps every boolean once, inverting notAllow… to Apple’s allow…', () => {
    expect(Object.keys(strategyMapping).sort()).toEqual([...strategyKeys].sort())
    for (const key of strategyKeys) {
      const target = strategyMapping[key]
      if (target.kind !== 'restriction') continue
      expect(target.inverted).toBe(key.startsWith('notAllow'))
      expect(target.key).toBe(key.startsWith('notAllow') ? `allow${key.slice('notAllow'.length)}` : key)
    }
  })

  it('builds Apple’s keys and values for the defaults', () => {
    expect(applicationAccessKeys(strategyDefaults)).toEqual({
      allowDefinitionLookup: true,
      allowDiagnosticSubmission: true,
      allowEnterpriseAppTrust: true,
      allowEraseContentAndSettings: true,
      allowFilesNetworkDriveAccess: true,
      allowFilesUSBDriveAccess: true,
      allowHostPairing: true,
      allowUIConfigurationProfileInstallation: true,
      allowVPNCreation: true,
      forceEncryptedBackup: false,
      forceAutomaticDateAndTime: true,
      allowAccountModification: false,
      allowFindMyDevice: false,
    })
    expect(profileRemovalDisallowed(strategyDefaults)).toBe(true)
  })

  it('marks the keys Apple applies on supervised devices only', () => {
    expect(strategyKeys.filter((k) => !supervisedOnly(k))).toEqual(['notAllowDiagnosticSubmission', 'notAllowEnterpriseAppTrust', 'forceEncryptedBackup', 'notAllowSetDns'])
  })
})
