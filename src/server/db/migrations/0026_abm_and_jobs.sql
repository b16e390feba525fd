CREATE TABLE "abm_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"device_family" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"profile_status" text DEFAULT 'empty' NOT NULL,
	"profile_uuid" text,
	"profile_assign_time" timestamp with time zone,
	"profile_push_time" timestamp with time zone,
	"device_assigned_date" timestamp with time zone,
	"device_assigned_by" text DEFAULT '' NOT NULL,
	"assign_error" text,
	"op_type" text DEFAULT '' NOT NULL,
	"op_date" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"disowned_at" timestamp with time zone,
	"disown_status" text,
	"device_id" integer,
	"enrolled_at" timestamp with time zone,
	"awaiting_configuration" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abm_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"account" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"org_name" text DEFAULT '' NOT NULL,
	"server_name" text DEFAULT '' NOT NULL,
	"cursor" text,
	"fetched_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"profile_uuid" text,
	"profile_hash" text,
	"profile_defined_at" timestamp with time zone,
	"linked_by" integer,
	"linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abm_links_company_idx" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "activation_lock_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"code_sealed" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "apns_certificate_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"private_key_sealed" text NOT NULL,
	"csr_pem" text NOT NULL,
	"public_key_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "apns_certificate_requests_key_idx" UNIQUE("public_key_hash")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abm_devices" ADD CONSTRAINT "abm_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abm_devices" ADD CONSTRAINT "abm_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abm_links" ADD CONSTRAINT "abm_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abm_links" ADD CONSTRAINT "abm_links_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_lock_codes" ADD CONSTRAINT "activation_lock_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_lock_codes" ADD CONSTRAINT "activation_lock_codes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apns_certificate_requests" ADD CONSTRAINT "apns_certificate_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abm_devices_company_serial_idx" ON "abm_devices" USING btree ("company_id","serial_number");--> statement-breakpoint
CREATE INDEX "abm_devices_serial_idx" ON "abm_devices" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "abm_devices_device_idx" ON "abm_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_lock_codes_device_idx" ON "activation_lock_codes" USING btree ("device_id");