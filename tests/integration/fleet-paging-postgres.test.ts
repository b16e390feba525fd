import { describe } from 'vitest'
import { fleetPagingCases } from './fleet-paging-cases'
import { postgresHarnessForFile } from './harness'

/** The fleet-scale device lists on real PostgreSQL, where a search counts after its page, in a statement of its own (db/paging.ts). */
describe.runIf(process.env.MDM_TEST_POSTGRES_URL || process.env.CI)('PostgreSQL engine', () => {
  fleetPagingCases(postgresHarnessForFile('mdm_test_fleet'))
})
