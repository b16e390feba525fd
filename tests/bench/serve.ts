/**
 * The real server in a process of its own for a benchmark (its CPU and memory measured apart from the load's):
 * DATABASE_URL names the database the benchmark seeded; prints `{"url": …}` once listening.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'

const config = testConfig({ port: 0, host: '127.0.0.1', databaseUrl: process.env.DATABASE_URL, demo: false, secretKey: randomBytes(32) })
const server = await startServer({ ...config, apple: { ...config.apple, caDir: mkdtempSync(path.join(tmpdir(), 'mdm-bench-ca.')) } })
console.log(JSON.stringify({ url: server.url }))
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)))
