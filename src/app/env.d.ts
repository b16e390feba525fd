/** Set by vite.config.ts: package version plus build id. */
declare const __APP_VERSION__: string
