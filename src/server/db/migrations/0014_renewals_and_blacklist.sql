CREATE TABLE "blacklist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"match_key" text NOT NULL,
	"display" text NOT NULL,
	"reason" text NOT NULL,
	"block_enrollment" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by" integer,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"years" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"consumed_quantity" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone,
	"previous_ends_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"stopped_by" integer,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_renewals" ADD CONSTRAINT "device_renewals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_renewals" ADD CONSTRAINT "device_renewals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_renewals" ADD CONSTRAINT "device_renewals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_renewals" ADD CONSTRAINT "device_renewals_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_renewals" ADD CONSTRAINT "device_renewals_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_entries_active_idx" ON "blacklist_entries" USING btree ("kind","match_key") WHERE "blacklist_entries"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "blacklist_entries_created_idx" ON "blacklist_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "device_renewals_company_idx" ON "device_renewals" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "device_renewals_device_idx" ON "device_renewals" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_renewals_one_draft_idx" ON "device_renewals" USING btree ("device_id") WHERE "device_renewals"."status" = 'DRAFT';