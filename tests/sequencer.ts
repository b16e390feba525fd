import { statSync } from 'node:fs'
import type { TestSequencer, TestSpecification } from 'vitest/node'

/**
 * The order the suite's files start in, for its two workers. Vitest's own runs one project after another (browser
 * files, then integration, then unit), so the browser files ran two at a time, two Chromiums and two servers on two
 * cores, no faster than one after another. Here each browser file is followed by about as many integration files as
 * share its time (a browser file takes ~3× an integration file), so a browser file mostly runs beside integration
 * files; the unit files, quick, come last. Within a project, larger files first (the longest tend to be the largest),
 * as Vitest does on a first run. No vitest/node at run time: the console's build reads this config too.
 */
export class InterleavedSequencer implements TestSequencer {
  shard(files: TestSpecification[]): TestSpecification[] {
    return files
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const size = new Map(files.map((f) => [f, statSync(f.moduleId).size]))
    const of = (project: string) => files.filter((f) => f.project.name === project).sort((a, b) => size.get(b)! - size.get(a)!)
    const browser = of('e2e')
    const integration = of('integration')
    const rest = files.filter((f) => f.project.name !== 'e2e' && f.project.name !== 'integration')
    const per = browser.length ? Math.max(1, Math.round(integration.length / browser.length)) : 0
    const order: TestSpecification[] = []
    for (const file of browser) order.push(file, ...integration.splice(0, per))
    return [...order, ...integration, ...rest]
  }
}
