CREATE TABLE "access_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"access_key" text NOT NULL,
	"access_secret" text,
	"ip_white_list" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_nonces" (
	"access_key" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"staff_id" integer,
	"platform" text NOT NULL,
	"serial_number" text NOT NULL,
	"imei" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"last_communication_time" timestamp with time zone,
	"recycle_status" boolean DEFAULT false NOT NULL,
	"renter_name" text DEFAULT '' NOT NULL,
	"renter_phone" text DEFAULT '' NOT NULL,
	"renter_id_card" text DEFAULT '' NOT NULL,
	"rent_remark" text DEFAULT '' NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credential_hash" text,
	"enrolled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"platform" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"quota_type" text NOT NULL,
	"remaining_quantity" integer DEFAULT 0 NOT NULL,
	"total_consumed_quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"quota_type" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"remaining_after" integer NOT NULL,
	"device_id" integer,
	"serial_number" text,
	"counterpart_company_id" integer,
	"operator_user_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"device_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"result" jsonb,
	"error_message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_tokens" ADD CONSTRAINT "enrollment_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_accounts" ADD CONSTRAINT "quota_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_records" ADD CONSTRAINT "quota_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_keys_key_idx" ON "access_keys" USING btree ("access_key");--> statement-breakpoint
CREATE INDEX "access_keys_company_idx" ON "access_keys" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_nonces_key_nonce_idx" ON "api_nonces" USING btree ("access_key","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_platform_serial_idx" ON "devices" USING btree ("platform","serial_number");--> statement-breakpoint
CREATE INDEX "devices_company_idx" ON "devices" USING btree ("company_id","platform","recycle_status");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_credential_idx" ON "devices" USING btree ("credential_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_tokens_hash_idx" ON "enrollment_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_accounts_company_type_idx" ON "quota_accounts" USING btree ("company_id","quota_type");--> statement-breakpoint
CREATE INDEX "quota_records_company_idx" ON "quota_records" USING btree ("company_id","quota_type","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_user_idx" ON "sms_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_task_id_idx" ON "tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tasks_device_status_idx" ON "tasks" USING btree ("device_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_company_idx" ON "tasks" USING btree ("company_id","created_at");