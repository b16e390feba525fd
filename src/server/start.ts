// `npm start`: build the console when missing or stale, then start the server.
import { loadConfig } from './config'
import { ensureConsoleBuilt } from './console-build'
import { startServer, stopGracefullyOnSignals } from './main'

const config = loadConfig()
ensureConsoleBuilt(process.cwd(), config.distDir)
stopGracefullyOnSignals(await startServer(config))
