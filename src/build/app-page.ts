import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * Issue #16: the installed app opens from a page of its own, app.html, which the service worker answers every
 * navigation with (navigateFallback). Opened offline with a saved list (traced at 4x CPU), index.html's module script
 * and modulepreloads were requested through the service worker before the parser ran (24-46 ms), their answers were
 * handled before the parser's next turn (~70 ms), and the parser compiled the entry's modules before it reached the
 * body where the list goes: the list was readable at a median of 798-858 ms. app.html is index.html with those tags
 * replaced by one inline script in their place, which adds them at once when there is no saved list to show, and after
 * the list's first paint when there is (index.html's snapshot script sets __mdmBootAfterPaint and calls __mdmBoot):
 * 663 ms. The server's own page keeps the tags (the preload scanner finds them at once, which a first visit needs; a
 * script-added entry moved Lighthouse's first paint before the scripts' long tasks, and its blocking time from ~100 to
 * 500-1,000 ms on /login).
 */
export function appPage(): Plugin {
  return {
    name: 'mdm-app-page',
    apply: 'build',
    // Before vite-plugin-pwa lists the files to precache (closeBundle).
    writeBundle: {
      order: 'post',
      handler({ dir }) {
        const outDir = dir ?? 'dist'
        const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
        writeFileSync(path.join(outDir, 'app.html'), appPageOf(html))
      },
    },
  }
}

/** index.html's module script and modulepreload links as one inline script that adds them (appPage). */
export function appPageOf(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html)
  if (!entry) throw new Error('mdm-app-page: the built page has no module script of the form it reads')
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
  let page = html
  for (const m of [entry, ...preloads]) page = page.replace(m[0], '')
  const files = JSON.stringify({ entry: entry[1], preloads: preloads.map((m) => m[1]) })
  const boot = `<script>
      ;(function () {
        var files = ${files}
        function boot() {
          if (window.__mdmBoot === undefined) return
          window.__mdmBoot = undefined
          // The entry too: it is asked for at once, and the script added below finds it on its way.
          var preloads = [files.entry].concat(files.preloads)
          for (var i = 0; i < preloads.length; i++) {
            var link = document.createElement('link')
            link.rel = 'modulepreload'
            link.crossOrigin = ''
            link.href = preloads[i]
            document.head.appendChild(link)
          }
          // A script added by a script runs once it has arrived, not after the page is parsed as the tag's did; the app
          // mounts in #root, so it is added once the page is parsed (the preloads above are already on their way).
          function start() {
            var script = document.createElement('script')
            script.type = 'module'
            script.crossOrigin = ''
            script.src = files.entry
            document.head.appendChild(script)
          }
          if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
          else start()
        }
        window.__mdmBoot = boot
        if (!window.__mdmBootAfterPaint) boot()
      })()
    </script>
    `
  if (!page.includes('<link rel="stylesheet"')) throw new Error('mdm-app-page: the built page links no stylesheet')
  return page.replace('<link rel="stylesheet"', `${boot}<link rel="stylesheet"`)
}
