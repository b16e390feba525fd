import { describe, expect, it } from 'vitest'
import { unavailableNotes } from './command-notes'
import type { CommandDeclaration, CommandSubject } from './family'

interface Phone extends CommandSubject {
  lost: boolean
  enrolled: boolean
}
const LOST_ONLY = '仅在丢失模式下可用，请先开启丢失模式'
const NOT_ENROLLED = '设备尚未通过 MDM 注册，无法执行该指令'
const command = (label: string, unavailable?: (d: Phone) => string | null): CommandDeclaration<string, Phone> => ({ name: label, label, doneText: '', unavailable })
const base = { id: 1, serialNumber: 'X', lastCommunicationTime: null }
const needsMdm = (d: Phone) => (d.enrolled ? null : NOT_ENROLLED)
const grid = [
  command('一键下锁', needsMdm),
  command('开启丢失', needsMdm),
  command('播放丢失声音', (d) => needsMdm(d) ?? (d.lost ? null : LOST_ONLY)),
  command('设备定位', (d) => needsMdm(d) ?? (d.lost ? null : LOST_ONLY)),
  command('重启', needsMdm),
  command('删除激活锁'),
]

describe('the command grid’s notes on disabled commands', () => {
  it('name the few commands a reason is about', () => {
    expect(unavailableNotes(grid, { ...base, lost: false, enrolled: true })).toEqual([`播放丢失声音、设备定位：${LOST_ONLY}`])
  })

  it('say a reason about many of them as it is, and each reason once', () => {
    expect(unavailableNotes(grid, { ...base, lost: false, enrolled: false })).toEqual([NOT_ENROLLED])
  })

  it('say a reason about all of them, or one naming them itself, as it is', () => {
    const off = '设备已关机，开机后才能执行关机或重启'
    const power = [command('重启', () => off), command('关机', () => off), command('锁屏')]
    expect(unavailableNotes(power, { ...base, lost: false, enrolled: true })).toEqual([off])
    expect(unavailableNotes(grid.slice(2, 4), { ...base, lost: false, enrolled: true })).toEqual([LOST_ONLY])
  })

  it('are none when every command can be sent', () => {
    expect(unavailableNotes(grid, { ...base, lost: true, enrolled: true })).toEqual([])
  })
})
