import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { routeTable } from '../shared/domain/routes'
import { screens } from './screens'

describe('screens', () => {
  it('has a screen for exactly the routes the route table calls built (the others show a placeholder)', () => {
    const built = routeTable.filter((r) => r.built).map((r) => r.path).sort()
    expect(Object.keys(screens).sort()).toEqual(built)
  })
})

/**
 * The modules a file imports, as the build keeps them: `import type` and `export type` are left out; with
 * verbatimModuleSyntax (tsconfig.json) an import of inline types only (`import { type X } from`) is kept as `import '…'`.
 */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const out: string[] = []
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly) out.push((s.moduleSpecifier as ts.StringLiteral).text)
    else if (ts.isExportDeclaration(s) && s.moduleSpecifier && !s.isTypeOnly) out.push((s.moduleSpecifier as ts.StringLiteral).text)
  }
  return out
}

/**
 * The chain of static imports by which `root` reaches the package `pkg`, or null. Lazily imported modules (`import()`)
 * are not followed: they are chunks of their own, fetched when opened.
 */
function chainTo(root: string, pkg: string): string[] | null {
  const parent = new Map<string, string | null>([[root, null]])
  const queue = [root]
  const chain = (file: string) => {
    const out = [pkg]
    for (let f: string | null = file; f; f = parent.get(f)!) out.unshift(path.relative(process.cwd(), f))
    return out
  }
  while (queue.length) {
    const file = queue.shift()!
    for (const spec of staticImports(file)) {
      if (spec === pkg || spec.startsWith(`${pkg}/`)) return chain(file)
      if (!spec.startsWith('.')) continue
      const base = path.resolve(path.dirname(file), spec)
      const resolved = [`${base}.ts`, `${base}.tsx`, base].find((f) => /\.tsx?$/.test(f) && existsSync(f))
      if (!resolved || parent.has(resolved)) continue
      parent.set(resolved, file)
      queue.push(resolved)
    }
  }
  return null
}

describe('the schema library (zod) stays out of the screens (issue #16)', () => {
  // Every module the router and screens.ts load lazily (each screen, the shell, its side panel and notices), and the
  // entry (the sign-in screen's code).
  const here = path.dirname(new URL(import.meta.url).pathname)
  const lazyModules = (file: string) => {
    const source = readFileSync(path.join(here, file), 'utf8')
    const found = source.match(/(?<=import\(')\.\/[^']+(?='\))/g) ?? []
    // Each import() of the file is of that form, so none is missed.
    expect(found).toHaveLength(source.split('import(').length - 1)
    return found
  }
  const modules = [...new Set([...lazyModules('screens.ts'), ...lazyModules('router.tsx')])]
  // A screen that is itself a form validates with the contract's schemas (components/form-rules.ts: zodRule), as the
  // dialogs do, which the other screens fetch when opened: the announcement editor and the registration form.
  const forms = new Set(['./features/announcement/AnnouncementEditScreen', './features/account/RegisterScreen'])

  it('finds the screens and the shell', () => {
    expect(modules).toEqual(expect.arrayContaining(['./features/dashboard/DashboardScreen', './layout/Shell']))
    expect(modules.length).toBeGreaterThan(20)
  })

  it.each(['./main', ...modules.filter((m) => !forms.has(m))])('%s reaches zod through no static import', (module) => {
    const file = [`${module}.tsx`, `${module}.ts`].map((f) => path.join(here, f)).find(existsSync)!
    expect(chainTo(file, 'zod')?.join(' > ') ?? null).toBeNull()
  })

  it('sees zod where a screen does import it', () => {
    expect(chainTo(path.join(here, 'features/announcement/AnnouncementEditScreen.tsx'), 'zod')).toEqual([
      'src/app/features/announcement/AnnouncementEditScreen.tsx',
      'src/shared/contract/announcement.ts',
      'zod',
    ])
  })
})
