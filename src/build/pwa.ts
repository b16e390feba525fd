import type { VitePWAOptions } from 'vite-plugin-pwa'
import { uiText } from '../shared/messages/common.ts'

/** The service worker and the manifest (vite-plugin-pwa): the installed app, its offline page, what it precaches. */
export const pwaOptions: Partial<VitePWAOptions> = {
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
      // Issue #43 item 6: the barcode reader's WebAssembly (~1 MB, zxing_reader-<hash>.wasm) is fetched when the
      // scanner first reads, not precached on every first visit; kept from then on so that an offline phone scans.
      // Its name carries its content's hash: cache first, the previous build's copy dropped.
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'scanner-wasm',
          expiration: { maxEntries: 2, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
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
}
