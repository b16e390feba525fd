import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterEach, describe, expect, it } from 'vitest'
import house from './import-cycles.js'

let dir: string | undefined

/** A throw-away house: its files, then what the rule says of each (file → messages). */
async function lint(files: Record<string, string>): Promise<Record<string, string[]>> {
  dir = mkdtempSync(path.join(tmpdir(), 'cycles-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { house },
      rules: { 'house/no-import-cycle': 'error' },
    }],
  })
  const results = await eslint.lintFiles(['src'])
  return Object.fromEntries(results.map((r) => [path.relative(dir!, r.filePath), r.messages.map((m) => m.message)]))
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('house/no-import-cycle', () => {
  it('passes a house whose imports point one way', async () => {
    const said = await lint({
      'src/low.ts': 'export type Props = { id: string }\n',
      'src/tab.tsx': "import type { Props } from './low'\nexport const Tab = (p: Props) => p.id\n",
      'src/registry.ts': "import './low'\nexport const tabs = [() => import('./tab')]\n",
    })
    expect(Object.values(said).flat()).toEqual([])
  })

  it('reports a circle of type imports and lazy imports, naming the loop', async () => {
    const said = await lint({
      'src/tab.tsx': "import type { Props } from './registry'\nexport const Tab = (p: Props) => p.id\n",
      'src/registry.ts': "export type Props = { id: string }\nexport const tabs = [() => import('./tab')]\n",
    })
    expect(said['src/tab.tsx']).toEqual([expect.stringContaining('src/tab.tsx → src/registry.ts → src/tab.tsx')])
    expect(said['src/registry.ts']).toEqual([expect.stringContaining('src/registry.ts → src/tab.tsx → src/registry.ts')])
  })

  it('reports a longer circle through .js specifiers and folder indexes, and only the imports inside it', async () => {
    const said = await lint({
      'src/a.ts': "import { b } from './b.js'\nimport { side } from './side'\nexport const a = b + side\n",
      'src/b.ts': "import { c } from './c'\nexport const b = c\n",
      'src/c/index.ts': "import { a } from '../a.ts'\nexport const c = () => a\n",
      'src/side.ts': 'export const side = 1\n',
    })
    expect(said['src/a.ts']).toEqual([expect.stringContaining('src/a.ts → src/b.ts → src/c/index.ts → src/a.ts')])
    expect(said['src/side.ts']).toEqual([])
  })
})
