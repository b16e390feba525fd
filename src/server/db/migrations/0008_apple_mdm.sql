CREATE TABLE "apple_enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"udid" text NOT NULL,
	"identity_fingerprint" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"push_token" text,
	"push_magic" text,
	"push_token_invalid_at" timestamp with time zone,
	"unlock_token" text,
	"authenticated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_updated_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "apple_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"serial_number" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apple_enrollments" ADD CONSTRAINT "apple_enrollments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_identities" ADD CONSTRAINT "apple_identities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_identities" ADD CONSTRAINT "apple_identities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apple_enrollments_udid_idx" ON "apple_enrollments" USING btree ("udid");--> statement-breakpoint
CREATE UNIQUE INDEX "apple_enrollments_device_idx" ON "apple_enrollments" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "apple_enrollments_identity_idx" ON "apple_enrollments" USING btree ("identity_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "apple_identities_fingerprint_idx" ON "apple_identities" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "apple_identities_company_idx" ON "apple_identities" USING btree ("company_id");