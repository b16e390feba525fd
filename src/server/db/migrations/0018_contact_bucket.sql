-- Issue #16: polls were non-HOT updates. devices_last_contact_idx (0016) indexed last_communication_time, which every
-- poll moves, so each poll inserted into every index of devices (three GIN among them): 2.3–2.8 ms of PostgreSQL per
-- poll statement against 1.0–1.2 ms without it (pgbench, 10k devices, 4 clients, 0 % HOT against 99 %). The index moves
-- to contact_bucket, the exact time to 10 minutes (generated, so every writer keeps it), which a poll changes once in
-- 20 polls; the other polls are HOT. Same columns after it and same predicate as before: the dashboard's offline list
-- and counts and the device lists' connection-status filter find their range on the bucket and recheck the exact time.
DROP INDEX "devices_last_contact_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "contact_bucket" timestamp with time zone GENERATED ALWAYS AS (date_bin('10 minutes', last_communication_time, timestamptz '1970-01-01 00:00:00+00')) STORED;--> statement-breakpoint
CREATE INDEX "devices_contact_bucket_idx" ON "devices" USING btree ("contact_bucket" DESC NULLS LAST,"id" DESC NULLS LAST,"company_id","platform","staff_id") WHERE "devices"."recycle_status" = false;