import { describe, expect, it } from 'vitest'
import { applicationAccessKeys, profileRemovalDisallowed, strategyDefaults, strategyKeys, strategyMapping, strategyOf } from './restrictions'

describe('the restriction strategy (SPEC §3, §9)', () => {
  it('has the 15 booleans with the SPEC §9 defaults', () => {
    expect(strategyKeys).toHaveLength(15)
    const on = strategyKeys.filter((k) => strategyDefaults[k])
    expect(on).toEqual(['forceAutomaticDateAndTime', 'notAllowAccountModification', 'notAllowLeaveRemoteManagement', 'notAllowFindMyDevice', 'notAllowSetDns'])
  })

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

  it('fills absent keys of a stored strategy with the defaults', () => {
    expect(strategyOf({ notAllowHostPairing: true, notAllowSetDns: false, junk: 1 })).toEqual({ ...strategyDefaults, notAllowHostPairing: true, notAllowSetDns: false })
    expect(strategyOf(null)).toEqual(strategyDefaults)
  })
})
