CREATE TABLE "apns_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"topic" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ios_app_restrictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"app_id" integer,
	"app_name" text NOT NULL,
	"bundle_id" text NOT NULL,
	"action" text NOT NULL,
	"task_id" text NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ios_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"bundle_id" text NOT NULL,
	"itunes_store_id" bigint,
	"manifest_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ios_wallpapers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"image" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "apns_certificates" ADD CONSTRAINT "apns_certificates_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_app_restrictions" ADD CONSTRAINT "ios_app_restrictions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_app_restrictions" ADD CONSTRAINT "ios_app_restrictions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_app_restrictions" ADD CONSTRAINT "ios_app_restrictions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_apps" ADD CONSTRAINT "ios_apps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_apps" ADD CONSTRAINT "ios_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_wallpapers" ADD CONSTRAINT "ios_wallpapers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_wallpapers" ADD CONSTRAINT "ios_wallpapers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_device_profiles" ADD CONSTRAINT "ios_device_profiles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_device_profiles" ADD CONSTRAINT "ios_device_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_device_profiles" ADD CONSTRAINT "ios_device_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ios_app_restrictions_device_bundle_idx" ON "ios_app_restrictions" USING btree ("device_id","bundle_id");--> statement-breakpoint
CREATE INDEX "ios_app_restrictions_company_idx" ON "ios_app_restrictions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ios_apps_company_bundle_idx" ON "ios_apps" USING btree ("company_id","bundle_id");--> statement-breakpoint
CREATE INDEX "ios_wallpapers_company_idx" ON "ios_wallpapers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ios_device_profiles_device_kind_idx" ON "ios_device_profiles" USING btree ("device_id","kind");--> statement-breakpoint
CREATE INDEX "ios_device_profiles_expiry_idx" ON "ios_device_profiles" USING btree ("expires_at");