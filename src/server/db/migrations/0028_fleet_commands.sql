CREATE TABLE "fleet_command_tasks" (
	"batch_id" text NOT NULL,
	"device_id" integer NOT NULL,
	"task_id" text NOT NULL,
	CONSTRAINT "fleet_command_tasks_batch_id_device_id_pk" PRIMARY KEY("batch_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "fleet_commands" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"platform" text NOT NULL,
	"command" text NOT NULL,
	"filters" text DEFAULT '{}' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_command_tasks" ADD CONSTRAINT "fleet_command_tasks_batch_id_fleet_commands_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."fleet_commands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_command_tasks" ADD CONSTRAINT "fleet_command_tasks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_commands" ADD CONSTRAINT "fleet_commands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_commands" ADD CONSTRAINT "fleet_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_commands_company_idx" ON "fleet_commands" USING btree ("company_id","created_at");