import { serve } from '@hono/node-server'
import { logMessages } from '../shared/messages'
import { createApp, createServices } from './app'
import { loadConfig, type AppConfig } from './config'
import { openDatabase } from './db/client'
import { isEmpty, seedAdmin, seedDemo } from './db/seed'

/** Opens the database, migrates, seeds an empty database, and listens. Returns a handle to stop it. */
export async function startServer(config: AppConfig = loadConfig()) {
  const database = await openDatabase(config.databaseUrl)
  if (config.captchaAnswer) console.warn(logMessages.captchaFixed)
  if (await isEmpty(database.db)) {
    if (config.demo) {
      await seedDemo(database.db)
    } else {
      const admin = await seedAdmin(database.db, config.adminPassword)
      if (admin.generated) console.warn(logMessages.adminCreated(admin.password))
    }
  }
  if (config.demo) console.warn(logMessages.demoActive)
  const app = createApp(createServices(config, database.db))
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s))
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = `http://localhost:${port}`
  console.log(logMessages.listening(url))
  return {
    url,
    port,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
    },
  }
}
