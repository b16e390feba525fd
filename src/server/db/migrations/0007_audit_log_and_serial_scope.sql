CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_username" text DEFAULT '' NOT NULL,
	"actor_kind" text NOT NULL,
	"company_id" integer,
	"target_company_id" integer,
	"client_ip" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target_kind" text DEFAULT '' NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" DROP CONSTRAINT "companies_sibling_name_key";--> statement-breakpoint
DROP INDEX "devices_platform_serial_idx";--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_company_idx" ON "audit_log" USING btree ("target_company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_enrolled_serial_idx" ON "devices" USING btree ("platform","serial_number") WHERE "devices"."enrolled_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_company_serial_idx" ON "devices" USING btree ("company_id","platform","serial_number");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_sibling_name_key" UNIQUE("parent_id","name");--> statement-breakpoint
-- Hand-written (not generated): the audit trail is append-only in the database itself, whatever the code does.
-- UPDATE and DELETE of any row raise; TRUNCATE (an operator's act on the whole database, used by the tests'
-- reset) is left to the database's own privileges.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
