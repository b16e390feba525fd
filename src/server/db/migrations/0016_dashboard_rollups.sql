CREATE TABLE "device_counts" (
	"company_id" integer NOT NULL,
	"staff_id" integer DEFAULT 0 NOT NULL,
	"platform" text NOT NULL,
	"model" text NOT NULL,
	"has_sim" boolean NOT NULL,
	"lost_mode" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_counts_company_id_staff_id_platform_model_has_sim_lost_mode_pk" PRIMARY KEY("company_id","staff_id","platform","model","has_sim","lost_mode")
);
--> statement-breakpoint
CREATE TABLE "device_daily_additions" (
	"company_id" integer NOT NULL,
	"staff_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_daily_additions_company_id_staff_id_day_pk" PRIMARY KEY("company_id","staff_id","day")
);
--> statement-breakpoint
ALTER TABLE "device_counts" ADD CONSTRAINT "device_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_daily_additions" ADD CONSTRAINT "device_daily_additions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_last_contact_idx" ON "devices" USING btree ("last_communication_time" DESC NULLS LAST,"id" DESC NULLS LAST,"company_id","platform","staff_id") WHERE "devices"."recycle_status" = false;--> statement-breakpoint
-- Hand-written (issue #16): the keys the dashboard counts by (docs/dashboard.md) and the triggers that keep the
-- rollups of schema-dashboard.ts in step with `devices`, then the backfill of the devices already there. The
-- triggers are created first: within the migration's transaction they lock `devices` against writes until the
-- backfill is committed, so no write falls between the two.
CREATE FUNCTION dashboard_china_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT ((at AT TIME ZONE 'UTC') + interval '8 hours')::date $$;--> statement-breakpoint
CREATE FUNCTION dashboard_model(model text, state jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT coalesce(nullif(model, ''), nullif(state ->> 'modelName', ''), '') $$;--> statement-breakpoint
CREATE FUNCTION dashboard_has_sim(state jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT coalesce(nullif(state -> 'network' ->> 'ICCID', ''), nullif(state -> 'network' ->> 'PhoneNumber', ''),
                   nullif(state -> 'deviceInformation' ->> 'ICCID', ''), nullif(state -> 'deviceInformation' ->> 'PhoneNumber', '')) IS NOT NULL $$;--> statement-breakpoint
CREATE FUNCTION dashboard_lost_mode(state jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT coalesce((state ->> 'lostMode') = 'true', false) $$;--> statement-breakpoint
-- One device row counted (delta 1) or uncounted (delta -1): the row-level update trigger calls it for the old and
-- the new row.
CREATE FUNCTION device_rollups_count(d devices, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_daily_additions AS a (company_id, staff_id, day, added)
  VALUES (d.company_id, coalesce(d.staff_id, 0), dashboard_china_day(d.created_at), delta)
  ON CONFLICT (company_id, staff_id, day) DO UPDATE SET added = a.added + excluded.added;
  IF NOT d.recycle_status THEN
    INSERT INTO device_counts AS c (company_id, staff_id, platform, model, has_sim, lost_mode, n)
    VALUES (d.company_id, coalesce(d.staff_id, 0), d.platform, dashboard_model(d.model, d.state), dashboard_has_sim(d.state),
            dashboard_lost_mode(d.state), delta)
    ON CONFLICT (company_id, staff_id, platform, model, has_sim, lost_mode) DO UPDATE SET n = c.n + excluded.n;
  END IF;
END $$;--> statement-breakpoint
-- The lower company and assignee first, so that two transfers in opposite directions lock the rollup rows in the
-- same order (no deadlock).
CREATE FUNCTION device_rollups_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.company_id, coalesce(OLD.staff_id, 0)) <= (NEW.company_id, coalesce(NEW.staff_id, 0)) THEN
    PERFORM device_rollups_count(OLD, -1);
    PERFORM device_rollups_count(NEW, 1);
  ELSE
    PERFORM device_rollups_count(NEW, 1);
    PERFORM device_rollups_count(OLD, -1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes (also bulk ones: a seed of a million rows) are counted once per statement from the transition
-- table, grouped, in key order (so that two transactions take the rollup rows' locks in the same order).
CREATE FUNCTION device_rollups_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO device_daily_additions AS a (company_id, staff_id, day, added)
    SELECT company_id, coalesce(staff_id, 0), dashboard_china_day(created_at), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, staff_id, day) DO UPDATE SET added = a.added + excluded.added;
    INSERT INTO device_counts AS c (company_id, staff_id, platform, model, has_sim, lost_mode, n)
    SELECT company_id, coalesce(staff_id, 0), platform, dashboard_model(model, state), dashboard_has_sim(state), dashboard_lost_mode(state), count(*)
    FROM new_rows WHERE NOT recycle_status GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, staff_id, platform, model, has_sim, lost_mode) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO device_daily_additions AS a (company_id, staff_id, day, added)
    SELECT company_id, coalesce(staff_id, 0), dashboard_china_day(created_at), -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, staff_id, day) DO UPDATE SET added = a.added + excluded.added;
    INSERT INTO device_counts AS c (company_id, staff_id, platform, model, has_sim, lost_mode, n)
    SELECT company_id, coalesce(staff_id, 0), platform, dashboard_model(model, state), dashboard_has_sim(state), dashboard_lost_mode(state), -count(*)
    FROM old_rows WHERE NOT recycle_status GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, staff_id, platform, model, has_sim, lost_mode) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER devices_rollups_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_rollups_statement();--> statement-breakpoint
CREATE TRIGGER devices_rollups_delete AFTER DELETE ON devices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_rollups_statement();--> statement-breakpoint
-- Only when a counted key changes: a poll that moves last_communication_time or a report that leaves model, SIM and
-- lost mode as they were calls nothing.
CREATE TRIGGER devices_rollups_update AFTER UPDATE ON devices FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.staff_id IS DISTINCT FROM NEW.staff_id
     OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.recycle_status IS DISTINCT FROM NEW.recycle_status
     OR OLD.platform IS DISTINCT FROM NEW.platform
     OR dashboard_model(OLD.model, OLD.state) IS DISTINCT FROM dashboard_model(NEW.model, NEW.state)
     OR dashboard_has_sim(OLD.state) IS DISTINCT FROM dashboard_has_sim(NEW.state)
     OR dashboard_lost_mode(OLD.state) IS DISTINCT FROM dashboard_lost_mode(NEW.state))
  EXECUTE FUNCTION device_rollups_update();--> statement-breakpoint
INSERT INTO device_daily_additions (company_id, staff_id, day, added)
SELECT company_id, coalesce(staff_id, 0), dashboard_china_day(created_at), count(*) FROM devices GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO device_counts (company_id, staff_id, platform, model, has_sim, lost_mode, n)
SELECT company_id, coalesce(staff_id, 0), platform, dashboard_model(model, state), dashboard_has_sim(state), dashboard_lost_mode(state), count(*)
FROM devices WHERE NOT recycle_status GROUP BY 1, 2, 3, 4, 5, 6;
