DROP INDEX "fleet_commands_company_idx";--> statement-breakpoint
ALTER TABLE "fleet_commands" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "fleet_commands_sender_idx" ON "fleet_commands" USING btree ("created_by","created_at");