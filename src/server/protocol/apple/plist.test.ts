import { parse } from 'plist'
import { describe, expect, it } from 'vitest'
import { parseDict } from './plist'

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
const plist = (dict: string, head = HEAD) => `${head}<plist version="1.0">\n<dict>\n${dict}\n</dict>\n</plist>\n`

/** What the `plist` package reads, as parseDict answers it (a dictionary, or null). */
function library(text: string): unknown {
  try {
    const value = parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

describe('parseDict (issue #44: an idle check-in read without the library)', () => {
  // Messages of strings only, which the fast path reads, and others it leaves to the library: both must agree.
  const messages = [
    plist('\t<key>Status</key>\n\t<string>Idle</string>\n\t<key>UDID</key>\n\t<string>00008110-001A2B3C4D5E801E</string>'),
    plist('<key>Status</key><string>Idle</string><key>UDID</key><string>A</string>', ''),
    plist('<key>Status</key><string>Idle</string>', '<?xml version="1.0"?>'),
    plist('<key>UDID</key><string>  spaced  value </string><key>Name</key><string>张三的 iPhone 🍎</string>'),
    plist('<key>Status</key><string></string>'),
    plist(''),
    plist('<key>A</key><string>1</string><key>A</key><string>2</string>'),
    // Left to the library: entities, markup, an empty element, other types, nesting, CR, an object's own names.
    plist('<key>Name</key><string>Tom &amp; Jerry &#x4E2D;</string>'),
    plist('<key>Name</key><string><![CDATA[<b>]]></string>'),
    plist('<key>Name</key><string/>'),
    plist('<key>Battery</key><real>0.5</real><key>Supervised</key><true/>'),
    plist('<key>QueryResponses</key><dict><key>OSVersion</key><string>18.1</string></dict>'),
    plist('<key>Line</key><string>a\r\nb</string>'),
    plist('<key>__proto__</key><string>x</string>'),
    plist('<key>Status</key><string>Idle</string><key>constructor</key><string>x</string>'),
    plist('<!-- c --><key>Status</key><string>Idle</string>'),
    '<plist version="1.0"><array><string>Idle</string></array></plist>',
    'not a plist',
    '',
  ]
  it.each(messages.map((m, i) => [i, m]))('message %i reads as the library reads it', (_i, message) => {
    expect(parseDict(message)).toEqual(library(message))
  })

  it('reads an idle check-in', () => {
    expect(parseDict(messages[0])).toEqual({ Status: 'Idle', UDID: '00008110-001A2B3C4D5E801E' })
  })
})
