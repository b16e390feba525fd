/// <reference types="vitest/config" />
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { uiText } from './src/shared/messages/common.ts'
import { endpoints } from './src/shared/contract/endpoints.ts'
import { routeTableOf } from './src/shared/contract/routes.ts'
import { InterleavedSequencer } from './tests/sequencer.ts'
import { appLogo } from './src/app/layout/app-logo.ts'

const serverPort = Number(process.env.PORT ?? 8080)
const apiScheme = process.env.MDM_TLS_CERT_FILE ? 'https' : 'http'
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
// Each build gets its own version: the persisted query cache of an older build is discarded (issue #4).
const appVersion = `${pkg.version}+${Date.now().toString(36)}`
/** The app's logo drawn inline, from public/favicon.svg (src/app/layout/app-logo.ts). */
const logoMarkup = appLogo(readFileSync('public/favicon.svg', 'utf8'))

/**
 * Writes .br and .gz beside each built script and stylesheet; the server sends them precompressed
 * (src/server/http/assets.ts, else serveStatic precompressed), so phones on slow networks download a third of the bytes at no CPU cost per request.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'mdm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const dir = path.join(outDir, 'assets')
      // A build that failed wrote nothing: its own error is the one to show, not this folder's absence.
      if (!existsSync(dir)) return
      for (const name of readdirSync(dir).filter((f) => /\.(js|css|svg)$/.test(f))) {
        const body = readFileSync(path.join(dir, name))
        writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body))
        writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body, { level: 9 }))
      }
    },
  }
}

/**
 * `virtual:endpoint-routes`: the endpoint table (src/shared/contract/endpoints.ts) reduced to what the console calls
 * with — base, method, path, success message — so that no screen carries the table's zod schemas (issue #9). The
 * console's calls are typed from the same table (src/app/api/routes.ts). Each family of the table is a module of its
 * own (`virtual:endpoint-routes/role`), re-exported by name, so that a chunk carries only the families its code calls:
 * the table's 2.5 KB (gzip) would otherwise all sit in /login's files (issue #16).
 */
function endpointRoutes(): Plugin {
  const id = 'virtual:endpoint-routes'
  const table = routeTableOf(endpoints) as Record<string, unknown>
  return {
    name: 'mdm-endpoint-routes',
    resolveId: (source) => (source === id || source.startsWith(`${id}/`) ? `\0${source}` : undefined),
    load(resolved) {
      if (resolved === `\0${id}`) return Object.keys(table).map((family) => `export { default as ${family} } from '${id}/${family}'`).join('\n')
      if (!resolved.startsWith(`\0${id}/`)) return undefined
      const family = resolved.slice(id.length + 2)
      if (!(family in table)) this.error(`${id}: the endpoint table has no family '${family}' (src/shared/contract/endpoints.ts)`)
      return `export default ${JSON.stringify(table[family])}`
    },
  }
}

/** A cycle of static imports between chunks, if there is one (the files in order, the first repeated at the end). */
function chunkCycle(chunks: Rollup.OutputChunk[]): string[] | undefined {
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
function screenPreloads(): Plugin {
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
function appPage(): Plugin {
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
function appPageOf(html: string): string {
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

export default defineConfig({
  // The logo's markup as a constant of the build (appLogo): no request and no module of its own.
  define: { __APP_VERSION__: JSON.stringify(appVersion), __APP_LOGO__: JSON.stringify(logoMarkup) },
  plugins: [
    react(),
    precompress(),
    endpointRoutes(),
    screenPreloads(),
    appPage(),
    // The page title and the boot splash carry the app's name from src/shared/messages/common.ts, like the manifest;
    // the version tells index.html's snapshot script whether a saved list was drawn by this build.
    // The splash's logo is the favicon drawn inline (appLogo).
    {
      name: 'mdm-app-name',
      transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', uiText.appName).replaceAll('%APP_VERSION%', appVersion).replace('%APP_LOGO%', logoMarkup),
    },
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: uiText.appName,
        short_name: uiText.appShortName,
        lang: 'zh-CN',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#1a1a1a',
        background_color: '#1a1a1a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The installed app's own page (appPage).
        navigateFallback: '/app.html',
        // API answers belong to the query cache, never to the service worker.
        navigateFallbackDenylist: [/^\/mdm\/api\//, /^\/huawei\/mdm\/api\//, /^\/agent\//, /^\/openapi\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Map tiles are the only cross-origin images: cache them at runtime, bounded in count and age.
        runtimeCaching: [
          {
            urlPattern: ({ request, sameOrigin }) => request.destination === 'image' && !sameOrigin,
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-tiles',
              expiration: { maxEntries: 800, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    // The API server speaks HTTPS when MDM_TLS_* is set (README, HTTPS); its certificate may be the self-signed test one.
    proxy: {
      '/mdm/api': { target: `${apiScheme}://localhost:${serverPort}`, secure: false },
      '/huawei/mdm/api': { target: `${apiScheme}://localhost:${serverPort}`, secure: false },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 600,
    cssCodeSplit: false,
    // Every browser the console supports preloads modules itself (Chrome 66, Safari 17, Firefox 115); an older one
    // loads them on demand instead. The polyfill cost /login 0.23 KB of its 120 KB (issue #16).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework every screen needs travels as one long-cached file instead of a dozen small requests; so do the
          // shared components, except those only lazily loaded dialogs and pop-ups use (they carry antd-mobile's Form, Popup and
          // react-spring), the entry's own (PlainButton: /login must not load the others), and the device screens' (they
          // call the API, whose client lives in the entry: in this chunk they would make a cycle).
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/,
              priority: 10,
            },
            {
              // What the entry shares with the lazy screens (API client, endpoint table, common texts, theme): one file,
              // not a dozen of a few hundred bytes each — fewer requests on the first paint, and gzip compresses it better.
              name: 'entry-shared',
              test: /src[\\/](app[\\/](api[\\/](http|connectivity|early|routes|token|user-center)|boot-snapshot|lazy|notify|layout[\\/](theme|ThemeToggle|IcpFooter)|components[\\/]PlainButton|features[\\/]account[\\/](queries|AuthLayout))\.|shared[\\/](messages[\\/](common|routes)|domain[\\/]routes|contract[\\/](envelope|routes))\.)|endpoint-routes(\/account)?$|preload-helper|antd-mobile-icons[\\/]es[\\/]CloseCircleFill/,
              priority: 8,
            },
            {
              // The endpoint families the entry does not call (endpointRoutes): one file the signed-in screens share.
              name: 'endpoints',
              test: /endpoint-routes\//,
              priority: 7,
            },
            {
              // The schema library (zod), which forms and the contract's validators use, in a file of its own: left to the
              // automatic split it was put in with a small module every screen imports, and every screen loaded it (issue #16).
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]/,
              priority: 6,
            },
            {
              // Issue #16: what every device list (and most signed-in screens) loads of antd-mobile besides the lazily loaded
              // dialogs' Form and Popup, as one file: as eight of 0.1-3 KB, with the texts and device modules below, a list
              // was ~45 files, and the page's preload scanner spent 30-80 ms of main thread (traced, 1x) asking for them.
              name: 'antd-core',
              test: /node_modules[\\/](antd-mobile[\\/]es[\\/](components[\\/](button|dot-loading|input|tag|config-provider)[\\/]|utils[\\/](bound|can-use-dom|native-props|with-default-props|validate|use-props-value)\.|global[\\/]|locales[\\/]zh-CN)|antd-mobile-icons[\\/]es[\\/](CloseOutline|FolderOutline|ExclamationCircleOutline|UnorderedListOutline)\.|classnames[\\/]|tslib[\\/])/,
              priority: 6,
            },
            {
              // The shared texts and rules every device list reads (each family's own stay with the family), one file. The
              // shell and the shared components read most of them too, so a screen that is not a list loads ~2 KB more.
              name: 'shared-text',
              test: /src[\\/]shared[\\/](messages[\\/](biz|contract|devices|domain|screens|secondary-password)|domain[\\/](connection-status|device-areas|format|paging-rules|time|irreversible-commands|apple-models))\./,
              priority: 6,
            },
            {
              // The device lists' and details' shared modules (they call the API, whose client is in entry-shared). Not what
              // the shell imports (the unread announcements): every signed-in screen would load them.
              name: 'device-common',
              test: /src[\\/]app[\\/](components[\\/]device[\\/](DeviceList|BulkBar|list-snapshot|blacklist-confirm|navigation|queries|list-search|task-follow|family|use-device-command|DeviceCard|use-recycle|devices)\.|api[\\/]download\.)/,
              priority: 6,
            },
            {
              name: 'components',
              test: /src[\\/]app[\\/]components[\\/](?!PlainButton|PopupForm|FormPopup|popups|form-rules|Notifier|DeviceMoveDialog|device[\\/])/,
              priority: 5,
            },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  test: {
    // Two files at a time: vitest's default on a 2-core machine is one (cores - 1), which ran the suite serially (24 min).
    // Files that use PostgreSQL make a database of their own (tests/integration/harness.ts: ownDatabase).
    maxWorkers: 2,
    // One migrated empty database, dumped once, which every in-memory database of the suite loads (~2.8 s less each).
    globalSetup: ['tests/pglite-template.ts'],
    // Browser files beside integration files, not two at a time (tests/sequencer.ts).
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/use-pglite-template.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // A worker's files share its loaded modules (the server's, PGlite's compiled WebAssembly) instead of loading them
          // again for each file (~3 s a file): each file opens its own database and services (harness.ts); a file must
          // leave no module state behind (spies restored, nothing mocked, fuzz-bed's counts kept per bed).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Each file has a server and database of its own, so browser files run beside the others (not after them).
          setupFiles: ['tests/use-pglite-template.ts', 'tests/e2e/file-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
