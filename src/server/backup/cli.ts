import path from 'node:path'
import { backupText as t } from '../../shared/messages/server'
import { loadConfig } from '../config'
import { backup, BackupError, companionFiles, dataDirOf, restore } from './backup'

/**
 * npm run backup            → backups/mdm-<time>.tar.gz (+ .files/ with the secret key)
 * npm run restore -- <file> [--force]
 * The data folder and the key file come from the server's own configuration (DATABASE_URL, MDM_SECRET_KEY_FILE).
 */
async function main(argv: string[]) {
  const config = loadConfig()
  const dataDir = dataDirOf(config.databaseUrl)
  const files = companionFiles(config)
  if (config.secretKey) console.warn(t.keyFromEnvironment)
  if (argv[0] === 'backup') {
    const result = await backup({ dataDir, outDir: path.resolve('backups'), files })
    console.log(t.backedUp(result.archive, result.files.length))
    return
  }
  const archive = argv.slice(1).find((a) => !a.startsWith('--'))
  if (argv[0] !== 'restore' || !archive) throw new BackupError(t.usage)
  const { skipped } = await restore({ archive: path.resolve(archive), dataDir, files, force: argv.includes('--force') })
  for (const file of skipped) console.warn(t.fileNotInBackup(file))
  console.log(t.restored(dataDir))
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(t.failed(err instanceof Error ? err.message : String(err)))
  process.exitCode = 1
})
