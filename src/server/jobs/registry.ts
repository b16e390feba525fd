import type { Services } from '../context'
import { repushWaitingPhones } from '../protocol/apple/repush'
import type { Job } from './scheduler'

/**
 * Every background job of the server, in one list (ARCHITECTURE: one way to run background work). A feature adds
 * its periodic work here as a Job (src/server/jobs/scheduler.ts); nothing else runs on a timer of its own. Each job
 * is idempotent: run twice, or cut off mid-run and run again, it changes nothing twice.
 */
export function backgroundJobs(services: Services): Job[] {
  return [
    // Issue #14: expiring restriction strategies and lock-screen messages are taken off their devices on time.
    { name: 'ios-profile-expiry', everyMs: 30_000, run: async () => void (await services.iosDetail.sweepExpired()) },
    // Commands of devices that never come back end as TIMEOUT (the queue expires a device's own on its every poll).
    { name: 'task-expiry', everyMs: 60_000, run: async () => void (await services.tasks.expireOverdue()) },
    // A command waiting for an iPhone that has not checked in since: pushed again as it ages (repush.ts).
    {
      name: 'apns-repush',
      everyMs: 60_000,
      run: async ({ startedAt, previousStartedAt }) => {
        const from = previousStartedAt ?? new Date(startedAt.getTime() - 60_000)
        await repushWaitingPhones(services.db, (enrollment) => services.appleMdm.wake(enrollment), from, startedAt)
      },
    },
    // Issue #45: the rental lifecycle locks at the end of service, lifts after renewal, reminds before (idempotent).
    { name: 'rental-lifecycle', everyMs: 60_000, run: async () => void (await services.lifecycle.sweep()) },
    // Issue #42: every linked company's ABM devices (POST /devices/sync from its cursor) and their profile. Apple asks
    // clients not to poll often; the console's 立即同步 (POST /abm/sync) is there for now.
    { name: 'abm-sync', everyMs: 15 * 60_000, run: ({ signal }) => services.abm.syncAll(signal) },
  ]
}
