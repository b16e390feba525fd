// @ts-check
/**
 * ESLint rule `house/no-import-cycle`: a file of src/ may not reach itself through its imports (issue #40).
 *
 * Every kind of import is an edge — `import type`, re-exports and lazy `import()` too — because a circle of types
 * still ties two modules' designs together, and a lazy one still runs in the order that broke the last start-up.
 * The import graph of src/ is read once per lint run (TypeScript's own import scanner, no type checking); each
 * linted file that sits in a strongly connected component of more than one file is reported at the imports that
 * stay inside the component, with one loop spelled out.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const sourceFile = /\.(ts|tsx)$/
const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** Every .ts/.tsx file below `dir` (absolute paths). */
function listFiles(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...listFiles(full))
    else if (sourceFile.test(name)) out.push(full)
  }
  return out
}

/** The file a relative specifier names, or undefined for a package, an asset or a file outside the graph. */
export function resolveSpecifier(from, specifier, known) {
  if (!specifier.startsWith('.')) return undefined
  const bare = specifier.replace(/\?.*$/, '')
  const base = path.resolve(path.dirname(from), bare)
  const stems = /\.(js|jsx)$/.test(base) ? [base.replace(/\.jsx?$/, '')] : [base]
  for (const stem of stems) {
    for (const ext of candidates) {
      const file = stem + ext
      if (known.has(file)) return file
    }
  }
  return undefined
}

/** Imports of one file: resolved target → the specifiers' positions in the text. */
function importsOf(file, known) {
  const text = readFileSync(file, 'utf8')
  const info = ts.preProcessFile(text, true, true)
  const edges = new Map()
  for (const ref of info.importedFiles) {
    const target = resolveSpecifier(file, ref.fileName, known)
    if (!target) continue
    const list = edges.get(target) ?? []
    list.push({ pos: ref.pos, end: ref.end, specifier: ref.fileName })
    edges.set(target, list)
  }
  return edges
}

/** Tarjan's strongly connected components, iteratively (the graph is a few hundred files). */
export function components(graph) {
  let index = 0
  const order = new Map()
  const low = new Map()
  const onStack = new Set()
  const stack = []
  const componentOf = new Map()
  for (const root of graph.keys()) {
    if (order.has(root)) continue
    const work = [{ node: root, next: [...(graph.get(root)?.keys() ?? [])], i: 0 }]
    order.set(root, index); low.set(root, index); index++
    stack.push(root); onStack.add(root)
    while (work.length) {
      const frame = work[work.length - 1]
      if (frame.i < frame.next.length) {
        const to = frame.next[frame.i++]
        if (!order.has(to)) {
          order.set(to, index); low.set(to, index); index++
          stack.push(to); onStack.add(to)
          work.push({ node: to, next: [...(graph.get(to)?.keys() ?? [])], i: 0 })
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), order.get(to)))
        }
        continue
      }
      work.pop()
      if (work.length) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)))
      }
      if (low.get(frame.node) === order.get(frame.node)) {
        const members = new Set()
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          members.add(member)
        } while (member !== frame.node)
        for (const m of members) componentOf.set(m, members)
      }
    }
  }
  return componentOf
}

/** The shortest way back from `from` to `to` inside one component (breadth first), as a list of files. */
function loopBack(graph, members, from, to) {
  const previous = new Map([[from, undefined]])
  const queue = [from]
  while (queue.length) {
    const at = queue.shift()
    if (at === to) break
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!members.has(next) || previous.has(next)) continue
      previous.set(next, at)
      queue.push(next)
    }
  }
  const way = []
  for (let at = to; at !== undefined; at = previous.get(at)) way.unshift(at)
  return way
}

let cached

function houseGraph(root) {
  if (cached?.root === root) return cached
  const files = listFiles(path.join(root, 'src'))
  const known = new Set(files)
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]))
  cached = { root, graph, componentOf: components(graph) }
  return cached
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'A file of src/ may not import itself through other files (type and lazy imports count).' },
    schema: [],
    messages: { cycle: '引用成环：{{loop}}。把双方都需要的部分移到更低的一层（见 README 的「结构」一节）' },
  },
  create(context) {
    const file = context.filename
    const root = context.cwd
    if (!existsSync(file) || !sourceFile.test(file)) return {}
    return {
      Program() {
        const { graph, componentOf } = houseGraph(root)
        const members = componentOf.get(file)
        const edges = graph.get(file)
        if (!members || !edges) return
        for (const [target, refs] of edges) {
          const selfLoop = target === file
          if (!selfLoop && (members.size < 2 || !members.has(target))) continue
          const way = [file, ...loopBack(graph, members, target, file)]
          const loop = way.map((f) => path.relative(root, f)).join(' → ')
          for (const ref of refs) {
            const source = context.sourceCode
            context.report({
              loc: { start: source.getLocFromIndex(ref.pos), end: source.getLocFromIndex(ref.end) },
              messageId: 'cycle',
              data: { loop },
            })
          }
        }
      },
    }
  },
}

export default { rules: { 'no-import-cycle': noImportCycle } }
