import { describe, expect, it } from 'vitest'
import { tileSource } from './csp'

describe('tileSource', () => {
  it.each([
    ['https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}', 'https://*.is.autonavi.com'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://Tiles.Example.com:8443/{z}/{x}/{y}.png', 'https://tiles.example.com:8443'],
    ['/tiles/{z}/{x}/{y}.png', null],
    ['https://{s}/{z}.png', null],
  ])('%s → %s', (url, source) => {
    expect(tileSource(url)).toBe(source)
  })
})
