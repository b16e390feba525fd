CREATE TABLE "ios_device_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"task_id" text,
	"expires_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removal" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ios_device_profiles" ADD CONSTRAINT "ios_device_profiles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_device_profiles" ADD CONSTRAINT "ios_device_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_device_profiles" ADD CONSTRAINT "ios_device_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ios_device_profiles_device_kind_idx" ON "ios_device_profiles" USING btree ("device_id","kind");--> statement-breakpoint
CREATE INDEX "ios_device_profiles_expiry_idx" ON "ios_device_profiles" USING btree ("expires_at");