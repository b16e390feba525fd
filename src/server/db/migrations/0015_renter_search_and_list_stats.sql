-- Issue #16, "renter name contains": a name's characters and character pairs, lower-cased, each once. Names are mostly
-- two or three Chinese characters: too short for trigrams, so pairs. Only catalog functions in the body: maintenance
-- (ANALYZE, REINDEX) runs index expressions with a restricted search_path.
CREATE FUNCTION mdm_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT pg_catalog.substr(pg_catalog.lower(value), i, n)), '{}')
  FROM pg_catalog.generate_series(1, 2) AS n, pg_catalog.generate_series(1, pg_catalog.length(value) - n + 1) AS i
$$;--> statement-breakpoint
-- What a search asks the index for: the pairs of what was typed (every pair of a name's part is a pair of the name),
-- or the one character when only one was typed.
CREATE FUNCTION mdm_search_grams(typed text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN pg_catalog.length(typed) < 2 THEN ARRAY[pg_catalog.lower(typed)]
    ELSE (SELECT array_agg(DISTINCT pg_catalog.substr(pg_catalog.lower(typed), i, 2)) FROM pg_catalog.generate_series(1, pg_catalog.length(typed) - 1) AS i)
  END
$$;--> statement-breakpoint
CREATE INDEX "devices_renter_name_grams_idx" ON "devices" USING gin (mdm_grams("renter_name"));--> statement-breakpoint
CREATE INDEX "devices_renter_phone_trgm_idx" ON "devices" USING gin ("renter_phone" gin_trgm_ops);--> statement-breakpoint
-- A list's total beyond twice the exact-count limit is the planner's estimate of its scope (db/paging.ts): these
-- statistics let it know how a company's devices fall on platforms and the bin instead of assuming independence.
CREATE STATISTICS devices_list_stats (mcv, dependencies) ON company_id, platform, recycle_status FROM devices;--> statement-breakpoint
ANALYZE devices;
