/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { uiText } from './src/shared/messages/common.ts'
import { InterleavedSequencer } from './tests/sequencer.ts'
import { appLogo } from './src/app/layout/app-logo.ts'
import { appPage } from './src/build/app-page.ts'
import { chunkGroups } from './src/build/chunk-groups.ts'
import { endpointRoutes } from './src/build/endpoint-routes.ts'
import { precompress } from './src/build/precompress.ts'
import { pwaOptions } from './src/build/pwa.ts'
import { screenPreloads } from './src/build/screen-preloads.ts'

// The console's build: the plugins and chunk groups live in src/build (one module each); this file composes them.

const serverPort = Number(process.env.PORT ?? 8080)
const apiScheme = process.env.MDM_TLS_CERT_FILE ? 'https' : 'http'
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
// Each build gets its own version: the persisted query cache of an older build is discarded (issue #4).
const appVersion = `${pkg.version}+${Date.now().toString(36)}`
/** The app's logo drawn inline, from public/favicon.svg (src/app/layout/app-logo.ts). */
const logoMarkup = appLogo(readFileSync('public/favicon.svg', 'utf8'))

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
    VitePWA(pwaOptions),
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
          groups: chunkGroups,
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  test: {
    // Two files at a time: vitest's default on a 2-core machine is one (cores - 1), which ran the suite serially (24 min).
    // Files that use PostgreSQL make a database of their own (tests/integration/harness.ts: ownDatabase).
    maxWorkers: 2,
    // The servers tests start log warnings and errors only: a line per request (info) made the suite's output megabytes.
    // Tests that read a log capture it themselves (captureLog); child servers that announce their address ask for info.
    env: { MDM_LOG_LEVEL: 'warn' },
    // One migrated empty database, dumped once, which every in-memory database of the suite loads (~2.8 s less each).
    globalSetup: ['tests/pglite-template.ts'],
    // Browser files beside integration files, not two at a time (tests/sequencer.ts).
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'],
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
