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

/** The modules a file imports for their values: `import type` and imports of types only are left out, as the build leaves them. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const typesOnly = (names: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) => names.length > 0 && names.every((n) => n.isTypeOnly)
  const out: string[] = []
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s)) {
      const clause = s.importClause
      if (clause?.isTypeOnly) continue
      if (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && typesOnly(clause.namedBindings.elements)) continue
      out.push((s.moduleSpecifier as ts.StringLiteral).text)
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && !s.isTypeOnly) {
      if (s.exportClause && ts.isNamedExports(s.exportClause) && typesOnly(s.exportClause.elements)) continue
      out.push((s.moduleSpecifier as ts.StringLiteral).text)
    }
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
    for (const spec of valueImports(file)) {
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
  // Each screen module screens.ts loads, and the entry (the sign-in screen's code).
  const here = path.dirname(new URL(import.meta.url).pathname)
  const modules = [...new Set(readFileSync(path.join(here, 'screens.ts'), 'utf8').match(/(?<=import\(')\.\/features\/[^']+(?='\))/g))]
  // A screen that is itself a form validates with the contract's schemas (components/form-rules.ts: zodRule), as the
  // dialogs do, which the other screens fetch when opened.
  const forms = new Set(['./features/announcement/AnnouncementEditScreen'])

  it('finds the screens', () => {
    expect(modules).toContain('./features/dashboard/DashboardScreen')
    expect(modules.length).toBeGreaterThan(15)
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
