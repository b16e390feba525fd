import { describe, expect, it } from 'vitest'
import { bypassCodeFromText, bypassCodeHash, bypassCodeText, newBypassCode } from './albc'

// nanodep's albc test vectors (albc/albc_test.go): raw bytes, human-readable code, escrow-key hash.
const vectors = [
  ['00000000000000000000000000000000', '00000-00000-0000-0000-0000-0000', 'deab860d28deb5b7121d6d8fcf0f78e1471756d1b2c566c03277c23ea8930b4f'],
  ['1ea841db5edfafe6075b5ae0d845d254', '3UM43-PUYVY-QYD1-UVCC-HEHJ-FKA4', '6ab40d5eabe7218ec04182f461005600c7e3426bddd82cdb405bde9a1e0014b5'],
  ['44ebe63375969fec2da67e87e7317946', '8LNYD-DVNKU-GYRC-E6GU-3YFD-CT86', 'c1968cb4c013ea893f1922bb5c39f81e35012c0bd9ce3c01cc2a05873a2499e6'],
  ['cb84798c3ca85a674194550a2e96aed8', 'TF27L-31WN1-E6FH-DMAM-52X5-NFV0', '23cf8b7873425fd8efe31dc5b6ab9c357eb98a2a59c82ea1084ca8af58cc480a'],
  ['89195c9b79178736203bd9d591ea7c0f', 'J4DNT-6VT2Y-3LD8-1VV7-AT3U-LW17', '59b9b3fa9ec4b806612b8b1fe6f12fcc3903156a58bcf4cae53a8a78dad563d3'],
  ['60110f362c6f7a90dd1ef2845f32482f', 'D08HY-EJDEX-X91Q-8YYA-25YD-K857', '4d19162b50dd61536d72c0662dce9d533a1f46137d6db97501ceb171fcbae7dd'],
  ['9653b0f9b495d8fab25e728ff041b0f1', 'KT9V1-YEMKQ-DGND-KYFA-7Z0H-EHY1', '5893831ab50670e96f5d245a4f597c86eeffd16aac3ee5bb1c2251affb004a33'],
  ['0de305a24090fc54b61ed7e9e39569fb', '1QJHC-8K0K3-Y59E-HYUZ-MY75-C9Z3', '1db2f16ad21a135b9c2523725e836c0b0528fec83c195c6ecdf8761fd877889a'],
  ['f398ef9199e9f0aefea0e782ab8b61a9', 'YFDFZ-4DTX7-RAXZ-N0WY-1AQ2-V1N1', '7c7715d092a5cfcd16a6037555e11e4fa53edda9cda4d8464d58ef39ba9b5b0f'],
  ['bd9e6a463a19ac706d379394bf97747a', 'QPG6M-JJU36-P70V-9QKF-ACZ5-VMG2', '7cdf895759d090eb9d3ed833d0ed7d5d5b00a11a719293f44aa7741ffbe79f6a'],
] as const

describe('activation-lock bypass codes', () => {
  it.each(vectors)('%s: its text, its hash and back', (raw, text, hash) => {
    const code = Buffer.from(raw, 'hex')
    expect(bypassCodeText(code)).toBe(text)
    expect(bypassCodeHash(code)).toBe(hash)
    expect(bypassCodeFromText(text)?.toString('hex')).toBe(raw)
  })

  it('makes random codes that survive the round trip, and refuses what is not a code', () => {
    const code = newBypassCode()
    expect(code).toHaveLength(16)
    expect(bypassCodeFromText(bypassCodeText(code))?.equals(code)).toBe(true)
    expect(bypassCodeFromText(bypassCodeText(code).toLowerCase())?.equals(code)).toBe(true)
    expect(bypassCodeFromText('00000-00000-0000')).toBeNull()
    expect(bypassCodeFromText('BBBBB-00000-0000-0000-0000-0000')).toBeNull() // B is not in Apple's alphabet
  })
})
