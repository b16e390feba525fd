import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { startMemoryDatabasesFrom } from '../src/server/db/client'

// Setup of every integration and browser test file: its in-memory databases start from the suite's migrated dump (pglite-template.ts).
const file = inject('pgliteTemplate')
startMemoryDatabasesFrom(() => new Blob([readFileSync(file)]))
