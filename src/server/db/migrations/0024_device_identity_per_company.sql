DROP INDEX "devices_enrolled_serial_idx";--> statement-breakpoint
DROP INDEX "apple_enrollments_udid_idx";--> statement-breakpoint
ALTER TABLE "apple_enrollments" ADD COLUMN "company_id" integer;--> statement-breakpoint
-- Hand-written (not generated): existing enrollments belong to the company of the identity that enrolled them (the
-- device's company, should an identity row be missing), before the column is required.
UPDATE "apple_enrollments" SET "company_id" = "apple_identities"."company_id" FROM "apple_identities" WHERE "apple_identities"."fingerprint" = "apple_enrollments"."identity_fingerprint";--> statement-breakpoint
UPDATE "apple_enrollments" SET "company_id" = "devices"."company_id" FROM "devices" WHERE "devices"."id" = "apple_enrollments"."device_id" AND "apple_enrollments"."company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "apple_enrollments" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "apple_enrollments" ADD CONSTRAINT "apple_enrollments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apple_enrollments_company_udid_idx" ON "apple_enrollments" USING btree ("company_id","udid");