/**
 * The real server in a process of its own for a benchmark (its CPU and memory measured apart from the load's):
 * DATABASE_URL names the database the benchmark seeded; prints `{"url": …}` once listening. MDM_BENCH_DEMO=1 seeds the
 * demo tenant and runs its simulated devices (=seed: without them), MDM_BENCH_DIST names the console build to serve (the console benchmark)
 * and MDM_TLS_CERT_FILE / MDM_TLS_KEY_FILE make it speak HTTPS. MDM_CA_DIR names the Apple device CA the benchmark
 * issued its iPhones' identities with, and MDM_APPLE_IDENTITY=client-cert takes them as forwarded client certificates
 * (as behind a TLS terminator) instead of a signature on every message.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig, testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'

const config = testConfig({
  port: 0,
  host: '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL,
  // The agents' poll interval an operator sets (fleet-agents.ts runs the fleet at 30 s and 10 s).
  ...(process.env.MDM_AGENT_POLL_SECONDS ? { agentPollSeconds: loadConfig({ MDM_AGENT_POLL_SECONDS: process.env.MDM_AGENT_POLL_SECONDS }).agentPollSeconds } : {}),
  // The console benchmark's server: the demo tenant, serving the console it built.
  demo: process.env.MDM_BENCH_DEMO === '1' || process.env.MDM_BENCH_DEMO === 'seed',
  demoDevices: process.env.MDM_BENCH_DEMO === '1',
  ...(process.env.MDM_BENCH_DIST ? { distDir: process.env.MDM_BENCH_DIST } : {}),
  secretKey: randomBytes(32),
  // GET /metrics for the benchmark that started it (lib.ts's ChildServer.metrics).
  ...(process.env.MDM_METRICS_TOKEN ? { metricsToken: process.env.MDM_METRICS_TOKEN } : {}),
  // The console benchmark's server speaks HTTPS (with HTTP/2), as phones reach it.
  ...(process.env.MDM_TLS_CERT_FILE && process.env.MDM_TLS_KEY_FILE ? { tls: { certFile: process.env.MDM_TLS_CERT_FILE, keyFile: process.env.MDM_TLS_KEY_FILE } } : {}),
})
const apple = {
  ...config.apple,
  caDir: process.env.MDM_CA_DIR ?? mkdtempSync(path.join(tmpdir(), 'mdm-bench-ca.')),
  identitySource: process.env.MDM_APPLE_IDENTITY === 'client-cert' ? ('client-cert' as const) : config.apple.identitySource,
}
const server = await startServer({ ...config, apple })
console.log(JSON.stringify({ url: server.url }))
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)))
