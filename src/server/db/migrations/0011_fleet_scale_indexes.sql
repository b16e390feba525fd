-- pg_trgm serves "serial number contains" (devices_serial_trgm_idx); PGlite loads it too (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tasks_device_status_idx";--> statement-breakpoint
CREATE INDEX "devices_list_order_idx" ON "devices" USING btree ("platform","recycle_status","created_at","id","company_id");--> statement-breakpoint
CREATE INDEX "devices_serial_trgm_idx" ON "devices" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_live_idx" ON "tasks" USING btree ("device_id","status","created_at") WHERE "tasks"."status" in ('QUEUED', 'SENT');--> statement-breakpoint
CREATE INDEX "tasks_device_log_idx" ON "tasks" USING btree ("device_id","created_at","id");