import { readFileSync } from 'node:fs'
import { build, parse } from 'plist'
import { describe, expect, it } from 'vitest'
import { iosCommandNeeds } from '../../../shared/domain/ios-commands'
import { appleCommandNames, appleCommands, commandDict, type AppleCommand } from './commands'

/**
 * Every command plist the server can emit, held against Apple's schema. The schema's facts are extracted into
 * tests/fixtures/apple-mdm-commands.json by tests/fixtures/gen-apple-mdm-commands.py (source: the
 * apple/device-management repository, commit named in the fixture), so CI needs no copy of the schema.
 */
interface KeyInfo {
  type: string
  keys?: Record<string, KeyInfo>
  items?: { type: string; keys?: Record<string, KeyInfo>; variants?: Record<string, Record<string, KeyInfo>> }
}
const schema = JSON.parse(readFileSync(new URL('../../../../tests/fixtures/apple-mdm-commands.json', import.meta.url), 'utf8')) as {
  source: { repository: string; commit: string }
  commands: Record<string, { iosSupervised: boolean | null; keys: Record<string, KeyInfo> }>
  checkin: Record<string, string[]>
}

const typeOf = (v: unknown) =>
  typeof v === 'string' ? '<string>' : typeof v === 'boolean' ? '<boolean>' : typeof v === 'number' ? (Number.isInteger(v) ? '<integer>' : '<real>')
    : v instanceof Uint8Array ? '<data>' : Array.isArray(v) ? '<array>' : v instanceof Date ? '<date>' : '<dictionary>'

/** Problems of one dictionary against its schema keys (recursively), as readable paths. */
function check(dict: Record<string, unknown>, keys: Record<string, KeyInfo>, path: string): string[] {
  const problems: string[] = []
  for (const [key, value] of Object.entries(dict)) {
    const info = keys[key]
    if (!info) {
      problems.push(`${path}.${key} is not a key of the schema`)
      continue
    }
    if (info.type !== '<any>' && typeOf(value) !== info.type) problems.push(`${path}.${key} is ${typeOf(value)}, schema says ${info.type}`)
    if (info.keys && typeOf(value) === '<dictionary>') problems.push(...check(value as Record<string, unknown>, info.keys, `${path}.${key}`))
    if (info.items && Array.isArray(value)) {
      value.forEach((item, i) => {
        const at = `${path}.${key}[${i}]`
        if (typeOf(item) !== info.items!.type) return problems.push(`${at} is ${typeOf(item)}, schema says ${info.items!.type}`)
        if (info.items!.keys) problems.push(...check(item as Record<string, unknown>, info.items!.keys, at))
        if (info.items!.variants) {
          const variant = info.items!.variants[String((item as { Item?: unknown }).Item)]
          if (!variant) problems.push(`${at}.Item names no variant of the schema`)
          else problems.push(...check(item as Record<string, unknown>, variant, at))
        }
      })
    }
  }
  return problems
}

/** Parameter sets that reach every branch of the catalogue's builders. */
const paramSets: Record<string, Record<string, unknown>[]> = {
  enableLostMode: [{}, { message: 'm' }, { phoneNumber: '13800000000' }, { message: 'm', phoneNumber: '010-12345678', footnote: 'f' }],
  openPayMode: [{}, { message: 'm', phoneNumber: '13800000000', footnote: 'f' }],
  oneClickLockDown: [{}, { message: 'm', phoneNumber: '13800000000' }],
  scheduleOSUpdate: [{}, { productVersion: '17.6' }, { installAction: 'InstallASAP' }],
  macLock: [{ pin: '123456' }],
}

describe('the Apple command catalogue against Apple’s schema', () => {
  it('names its source', () => {
    expect(schema.source.repository).toBe('https://github.com/apple/device-management')
    expect(schema.source.commit).toMatch(/^[0-9a-f]{40}$/)
  })

  it('covers every SPEC §7 my-device command', () => {
    expect(appleCommandNames.sort()).toEqual(
      [
        'checkNetwork', 'clearPasscode', 'activationLock', 'removeProfile', 'disableActivationLock', 'enableLostMode', 'disableLostMode',
        'deviceErase', 'showActivationLockPassword', 'openPayMode', 'closePayMode', 'oneClickLockDown', 'disownDevice',
        'playLostModeSound', 'scheduleOSUpdate', 'deviceLocation', 'macLock', 'installedApplicationList',
      ].sort(),
    )
  })

  for (const name of appleCommandNames) {
    it(`${name}: every plist it emits has a RequestType of the schema and only that command's keys`, () => {
      const entry: AppleCommand = appleCommands[name]
      const sets = paramSets[name] ?? [{}]
      const emitted = sets.flatMap((p) => entry.requests(entry.params.parse(p)))
      if (entry.webService) {
        expect(emitted).toEqual([])
        return
      }
      expect(emitted.length).toBeGreaterThan(0)
      for (const request of emitted) {
        const command = schema.commands[request.requestType]
        expect(command, request.requestType).toBeDefined()
        // Round trip through a real property list, as the device reads it.
        const dict = commandDict(request, { unlockToken: Buffer.from('token') }, request.secret)
        const plist = parse(build({ CommandUUID: 'x', Command: dict } as Parameters<typeof build>[0])) as { Command: Record<string, unknown> }
        const { RequestType, ...keys } = plist.Command
        expect(RequestType).toBe(request.requestType)
        expect(check(keys, command.keys, request.requestType)).toEqual([])
        // Supervision as Apple says (a command may need it where Apple does not, never the reverse).
        if (command.iosSupervised) expect(iosCommandNeeds[name].supervised, `${name} needs supervision`).toBe(true)
      }
    })
  }

  it('forces InstallAction Default and keeps the macLock PIN out of the stored params', () => {
    const [update] = appleCommands.scheduleOSUpdate.requests(appleCommands.scheduleOSUpdate.params.parse({ installAction: 'InstallASAP' }))
    expect(update.params).toEqual({ Updates: [{ InstallAction: 'Default' }] })
    const [lock] = appleCommands.macLock.requests(appleCommands.macLock.params.parse({ pin: '654321' }))
    expect(JSON.stringify(lock.params)).not.toContain('654321')
    expect(commandDict(lock, { unlockToken: null }, lock.secret)).toMatchObject({ RequestType: 'DeviceLock', PIN: '654321' })
  })

  it('catches a key that is not Apple’s (the check can fail)', () => {
    expect(check({ Mesage: 'x' }, schema.commands.EnableLostMode.keys, 'EnableLostMode')).toHaveLength(1)
    expect(check({ Updates: [{ InstallAction: 'Default', Foo: 1 }] }, schema.commands.ScheduleOSUpdate.keys, 'S')).toHaveLength(1)
    expect(check({ Settings: [{ Item: 'MDMOptions', MDMOptions: { Nope: true } }] }, schema.commands.Settings.keys, 'S')).toHaveLength(1)
  })

  it('uses Apple’s key names where the brief names them', () => {
    expect(Object.keys(schema.commands.EnableLostMode.keys).sort()).toEqual(['Footnote', 'Message', 'PhoneNumber'])
    expect(Object.keys(schema.commands.DeviceLock.keys)).toContain('PIN')
    expect(schema.commands.ScheduleOSUpdate.keys.Updates.items?.keys).toHaveProperty('InstallAction')
  })
})
