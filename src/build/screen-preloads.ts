import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin, Rollup } from 'vite'

/** A cycle of static imports between chunks, if there is one (the files in order, the first repeated at the end). */
export function chunkCycle(chunks: Rollup.OutputChunk[]): string[] | undefined {
  const imports = new Map(chunks.map((c) => [c.fileName, c.imports]))
  const done = new Set<string>()
  const trail: string[] = []
  const visit = (file: string): string[] | undefined => {
    if (done.has(file)) return undefined
    const at = trail.indexOf(file)
    if (at >= 0) return [...trail.slice(at), file]
    trail.push(file)
    for (const dep of imports.get(file) ?? []) {
      const cycle = visit(dep)
      if (cycle) return cycle
    }
    trail.pop()
    done.add(file)
    return undefined
  }
  for (const c of chunks) {
    const cycle = visit(c.fileName)
    if (cycle) return cycle
  }
  return undefined
}

/**
 * Issue #16: the device list's ~40 chunks were requested only once the entry had run, the router had matched and the
 * shell had been imported, and vite's helper appending their preload links cost 60 ms of main thread on this
 * machine (240 ms at Lighthouse's 4× CPU; a head script appending them cost as much). So the build lists each screen's
 * chunks (src/app/screens.ts) and the shell's in screen-preloads.json, and the server names them in the page it
 * answers for that path as <link rel="modulepreload"> (src/server/app.ts): the browser fetches them beside the entry,
 * and vite's helper, finding them in the page, appends none of its own.
 */
export function screenPreloads(): Plugin {
  const appDir = path.resolve('src/app')
  return {
    name: 'mdm-screen-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
        // Chunks that import each other run one before the other has defined what it imports: a codeSplitting group
        // that took ahooks' utilities made antd-core and two ahooks chunks a cycle, and the lazily loaded Popup called
        // an undefined function. The build fails instead of such a console.
        const cycle = chunkCycle(chunks)
        if (cycle) throw new Error(`mdm-screen-preloads: chunks that import each other: ${cycle.join(' -> ')}`)
        const byFile = new Map(chunks.map((c) => [c.fileName, c]))
        const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]))
        const closure = (file: string, into = new Set<string>()): Set<string> => {
          if (into.has(file)) return into
          into.add(file)
          for (const dep of byFile.get(file)!.imports) closure(dep, into)
          return into
        }
        const chunkOf = (specifier: string) => {
          const base = path.join(appDir, specifier)
          const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f))
          const chunk = file && byModule.get(file)
          if (!chunk) throw new Error(`mdm-screen-preloads: no chunk for ${specifier}`)
          return chunk.fileName
        }
        const entry = chunks.find((c) => c.isEntry)!
        const inPage = closure(entry.fileName)
        const shellFiles = [...closure(chunkOf('./layout/Shell'))].filter((f) => !inPage.has(f))
        const source = readFileSync(path.join(appDir, 'screens.ts'), 'utf8')
        const entries = [...source.matchAll(/'(\/[^']*)': \{ component: lazyScreen\(\(\) => import\('([^']+)'\)/g)]
        if (entries.length !== source.split('lazyScreen(').length - 1) throw new Error('mdm-screen-preloads: an entry of screens.ts is not of the form it reads')
        const screens = Object.fromEntries(
          entries.map(([, route, specifier]) => [route, [...closure(chunkOf(specifier))].filter((f) => !inPage.has(f) && !shellFiles.includes(f))]),
        )
        this.emitFile({ type: 'asset', fileName: 'screen-preloads.json', source: JSON.stringify({ shell: shellFiles, screens }) })
      },
    },
  }
}
