import { fleetPagingCases } from './fleet-paging-cases'
import { harnessForFile } from './harness'

fleetPagingCases(harnessForFile())
