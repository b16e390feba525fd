CREATE TABLE "lifecycle_exemptions" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifecycle_locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"lock_task_id" text,
	"lifted_at" timestamp with time zone,
	"lift_reason" text,
	"lifted_by" integer,
	"lift_task_id" text
);
--> statement-breakpoint
CREATE TABLE "lifecycle_policies" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"auto_lock" boolean DEFAULT false NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"reminder_days" integer[] DEFAULT '{7,1}'::integer[] NOT NULL,
	"lock_message" text DEFAULT '' NOT NULL,
	"lock_phone" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifecycle_reminders" (
	"device_id" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"company_id" integer NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL,
	"sms_outcome" text NOT NULL,
	CONSTRAINT "lifecycle_reminders_device_id_period_end_days_before_pk" PRIMARY KEY("device_id","period_end","days_before")
);
--> statement-breakpoint
ALTER TABLE "lifecycle_exemptions" ADD CONSTRAINT "lifecycle_exemptions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_exemptions" ADD CONSTRAINT "lifecycle_exemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_exemptions" ADD CONSTRAINT "lifecycle_exemptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_locks" ADD CONSTRAINT "lifecycle_locks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_locks" ADD CONSTRAINT "lifecycle_locks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_locks" ADD CONSTRAINT "lifecycle_locks_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_policies" ADD CONSTRAINT "lifecycle_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_policies" ADD CONSTRAINT "lifecycle_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_reminders" ADD CONSTRAINT "lifecycle_reminders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_reminders" ADD CONSTRAINT "lifecycle_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_locks_period_idx" ON "lifecycle_locks" USING btree ("device_id","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_locks_active_idx" ON "lifecycle_locks" USING btree ("device_id") WHERE "lifecycle_locks"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "lifecycle_locks_company_idx" ON "lifecycle_locks" USING btree ("company_id","locked_at");