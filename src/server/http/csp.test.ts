import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { contentSecurityPolicy, inlineSources, pagePolicy, tileSource } from './csp'

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

describe('a page’s own inline scripts and styles', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
  const page = [
    '<html><head><style>.boot{color:red}</style>',
    '<script>document.documentElement.dataset.theme = "dark"</script>',
    '<script src="/assets/index.js" type="module"></script>',
    '<script type="module" crossorigin src="/assets/entry.js"></script>',
    '<script>\n  // 列表\n  paint()\n</script></head><body></body></html>',
  ].join('\n')

  it('names each inline script and style by the SHA-256 of its exact text, and no script loaded from a file', () => {
    expect(inlineSources(page)).toEqual({
      scripts: [sha('document.documentElement.dataset.theme = "dark"'), sha('\n  // 列表\n  paint()\n')],
      styles: [sha('.boot{color:red}')],
    })
    expect(inlineSources('<html><head><script src="/a.js"></script></head></html>')).toEqual({ scripts: [], styles: [] })
  })

  it('hashes the text as the browser does: line endings as LF; a script inside a comment is not one', () => {
    const crlf = '<script>\r\n  paint()\r\n</script><!-- <script>evil()</script> --><style>\r.a{}\r</style>'
    expect(inlineSources(crlf)).toEqual({ scripts: [sha('\n  paint()\n')], styles: [sha('\n.a{}\n')] })
    // A comment naming a script before a real one does not swallow it.
    expect(inlineSources('<!-- the <script> below --><script>paint()</script>').scripts).toEqual([sha('paint()')])
  })

  it('allows them beside the policy’s own sources, and nothing else changes', () => {
    const base = contentSecurityPolicy('/tiles/{z}/{x}/{y}.png')
    const allowed = pagePolicy(base, page)
    expect(allowed.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", ...inlineSources(page).scripts])
    expect(allowed.styleSrc).toEqual(["'self'", sha('.boot{color:red}')])
    expect({ ...allowed, scriptSrc: base.scriptSrc, styleSrc: base.styleSrc }).toEqual(base)
    expect(pagePolicy(base, '<html></html>')).toEqual(base)
  })
})
