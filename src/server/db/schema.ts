/*
 * The whole database schema, as drizzle-kit (drizzle.config.ts) and the services read it. It defines nothing itself:
 * the core tables live in schema-base.ts, and each area's file (schema-*.ts) builds on them.
 */
// Companies, roles, users, sessions, registrations, quota, access keys, devices and tasks.
export * from './schema-base'
// The rate limiter's counters and the audit trail (issue #10).
export * from './schema-audit'
// Apple MDM enrollments and identities (issue #12) and saved phrases (issue #13).
export * from './schema-apple'
// iOS detail, part B (issue #14): apps, wallpapers, APNs certificates.
export * from './schema-ios-detail-b'
// iOS detail (issue #14: restriction strategy, lock-screen message): schema-ios-detail-a.ts
export * from './schema-ios-detail-a'
// Announcements and their per-user reads (issue #15).
export * from './schema-announcement'
// The platform's service agreement and the companies' acceptances (issue #15).
export * from './schema-agreement'
// Renewals of Apple devices' service and the platform's blacklist (issue #15).
export * from './schema-biz'
// The dashboard's rollups of devices per day, model and SIM, kept by triggers (issue #16).
export * from './schema-dashboard'
// Apple Business Manager links and devices, activation-lock codes, APNs requests, background jobs (issue #42).
export * from './schema-abm'
// The rental lifecycle: per-company policy, exemptions, automatic locks per period, reminders (issue #45).
export * from './schema-lifecycle'
// Fleet-wide commands: a batch and the task each of its devices got (issue #44).
export * from './schema-fleet'
