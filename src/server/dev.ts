// `npm run dev`: the API server plus Vite's dev server with HMR (it proxies the API bases to the server).
import { createServer } from 'vite'
import { loadConfig } from './config'
import { startServer } from './main'

const config = loadConfig()
await startServer(config)
const vite = await createServer({ configFile: 'vite.config.ts' })
await vite.listen()
vite.printUrls()
