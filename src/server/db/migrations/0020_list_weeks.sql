CREATE TABLE "device_list_weeks" (
	"company_id" integer NOT NULL,
	"platform" text NOT NULL,
	"recycle_status" boolean NOT NULL,
	"staff_id" integer DEFAULT 0 NOT NULL,
	"week" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_list_weeks_company_id_platform_recycle_status_staff_id_week_pk" PRIMARY KEY("company_id","platform","recycle_status","staff_id","week")
);
--> statement-breakpoint
ALTER TABLE "device_list_weeks" ADD CONSTRAINT "device_list_weeks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Hand-written (issue #16): triggers of its own keep device_list_weeks in step with `devices`, as those of 0016 keep
-- the dashboard's rollups (statement-level for inserts and deletes, row-level for an update that changes a counted
-- key), then its backfill. The triggers come first: the migration's transaction keeps writes out until the backfill
-- is committed.
-- The China calendar week (Monday) of a moment, as dashboard_china_day its day; and where a China day begins (a deep
-- page reads the devices before the next week's first day).
CREATE FUNCTION dashboard_china_week(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT date_trunc('week', (at AT TIME ZONE 'UTC') + interval '8 hours')::date $$;--> statement-breakpoint
CREATE FUNCTION dashboard_china_day_start(day date) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT (day::timestamp - interval '8 hours') AT TIME ZONE 'UTC' $$;--> statement-breakpoint
-- An update: the old row uncounted, the new one counted, the lower key first (as 0016: two transfers in opposite
-- directions lock the rows in the same order).
CREATE FUNCTION device_list_weeks_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_list_weeks AS l (company_id, platform, recycle_status, staff_id, week, n)
  SELECT company_id, platform, recycle_status, staff_id, week, sum(delta) FROM (VALUES
    (OLD.company_id, OLD.platform, OLD.recycle_status, coalesce(OLD.staff_id, 0), dashboard_china_week(OLD.created_at), -1),
    (NEW.company_id, NEW.platform, NEW.recycle_status, coalesce(NEW.staff_id, 0), dashboard_china_week(NEW.created_at), 1)
  ) AS d (company_id, platform, recycle_status, staff_id, week, delta)
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, platform, recycle_status, staff_id, week) DO UPDATE SET n = l.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes, once per statement from the transition table, grouped, in key order.
CREATE FUNCTION device_list_weeks_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO device_list_weeks AS l (company_id, platform, recycle_status, staff_id, week, n)
    SELECT company_id, platform, recycle_status, coalesce(staff_id, 0), dashboard_china_week(created_at), count(*) FROM new_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, platform, recycle_status, staff_id, week) DO UPDATE SET n = l.n + excluded.n;
  ELSE
    INSERT INTO device_list_weeks AS l (company_id, platform, recycle_status, staff_id, week, n)
    SELECT company_id, platform, recycle_status, coalesce(staff_id, 0), dashboard_china_week(created_at), -count(*) FROM old_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, platform, recycle_status, staff_id, week) DO UPDATE SET n = l.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER devices_list_weeks_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_list_weeks_statement();--> statement-breakpoint
CREATE TRIGGER devices_list_weeks_delete AFTER DELETE ON devices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_list_weeks_statement();--> statement-breakpoint
-- Only when a counted key changes (a poll that moves last_communication_time calls nothing).
CREATE TRIGGER devices_list_weeks_update AFTER UPDATE ON devices FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.staff_id IS DISTINCT FROM NEW.staff_id
     OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.recycle_status IS DISTINCT FROM NEW.recycle_status
     OR OLD.platform IS DISTINCT FROM NEW.platform)
  EXECUTE FUNCTION device_list_weeks_update();--> statement-breakpoint
INSERT INTO device_list_weeks (company_id, platform, recycle_status, staff_id, week, n)
SELECT company_id, platform, recycle_status, coalesce(staff_id, 0), dashboard_china_week(created_at), count(*) FROM devices GROUP BY 1, 2, 3, 4, 5;
