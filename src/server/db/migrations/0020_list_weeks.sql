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
-- Hand-written (issue #16): device_list_weeks kept by the triggers of 0016, which count it beside the dashboard's
-- rollups (the update trigger already fires when company, assignee, created_at, bin or family change), then its
-- backfill. As in 0016, the functions are replaced first: the migration's transaction keeps writes out until the
-- backfill is committed.
-- The China calendar week (Monday) of a moment, as dashboard_china_day its day; and where a China day begins (a deep
-- page reads the devices before the next week's first day).
CREATE FUNCTION dashboard_china_week(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT date_trunc('week', (at AT TIME ZONE 'UTC') + interval '8 hours')::date $$;--> statement-breakpoint
CREATE FUNCTION dashboard_china_day_start(day date) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT (day::timestamp - interval '8 hours') AT TIME ZONE 'UTC' $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION device_rollups_count(d devices, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_daily_additions AS a (company_id, staff_id, day, added)
  VALUES (d.company_id, coalesce(d.staff_id, 0), dashboard_china_day(d.created_at), delta)
  ON CONFLICT (company_id, staff_id, day) DO UPDATE SET added = a.added + excluded.added;
  INSERT INTO device_list_weeks AS l (company_id, platform, recycle_status, staff_id, week, n)
  VALUES (d.company_id, d.platform, d.recycle_status, coalesce(d.staff_id, 0), dashboard_china_week(d.created_at), delta)
  ON CONFLICT (company_id, platform, recycle_status, staff_id, week) DO UPDATE SET n = l.n + excluded.n;
  IF NOT d.recycle_status THEN
    INSERT INTO device_counts AS c (company_id, staff_id, platform, model, has_sim, lost_mode, n)
    VALUES (d.company_id, coalesce(d.staff_id, 0), d.platform, dashboard_model(d.model, d.state), dashboard_has_sim(d.state),
            dashboard_lost_mode(d.state), delta)
    ON CONFLICT (company_id, staff_id, platform, model, has_sim, lost_mode) DO UPDATE SET n = c.n + excluded.n;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION device_rollups_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO device_daily_additions AS a (company_id, staff_id, day, added)
    SELECT company_id, coalesce(staff_id, 0), dashboard_china_day(created_at), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, staff_id, day) DO UPDATE SET added = a.added + excluded.added;
    INSERT INTO device_list_weeks AS l (company_id, platform, recycle_status, staff_id, week, n)
    SELECT company_id, platform, recycle_status, coalesce(staff_id, 0), dashboard_china_week(created_at), count(*) FROM new_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, platform, recycle_status, staff_id, week) DO UPDATE SET n = l.n + excluded.n;
    INSERT INTO device_counts AS c (company_id, staff_id, platform, model, has_sim, lost_mode, n)
    SELECT company_id, coalesce(staff_id, 0), platform, dashboard_model(model, state), dashboard_has_sim(state), dashboard_lost_mode(state), count(*)
    FROM new_rows WHERE NOT recycle_status GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, staff_id, platform, model, has_sim, lost_mode) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO device_daily_additions AS a (company_id, staff_id, day, added)
    SELECT company_id, coalesce(staff_id, 0), dashboard_china_day(created_at), -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, staff_id, day) DO UPDATE SET added = a.added + excluded.added;
    INSERT INTO device_list_weeks AS l (company_id, platform, recycle_status, staff_id, week, n)
    SELECT company_id, platform, recycle_status, coalesce(staff_id, 0), dashboard_china_week(created_at), -count(*) FROM old_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, platform, recycle_status, staff_id, week) DO UPDATE SET n = l.n + excluded.n;
    INSERT INTO device_counts AS c (company_id, staff_id, platform, model, has_sim, lost_mode, n)
    SELECT company_id, coalesce(staff_id, 0), platform, dashboard_model(model, state), dashboard_has_sim(state), dashboard_lost_mode(state), -count(*)
    FROM old_rows WHERE NOT recycle_status GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, staff_id, platform, model, has_sim, lost_mode) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO device_list_weeks (company_id, platform, recycle_status, staff_id, week, n)
SELECT company_id, platform, recycle_status, coalesce(staff_id, 0), dashboard_china_week(created_at), count(*) FROM devices GROUP BY 1, 2, 3, 4, 5;
