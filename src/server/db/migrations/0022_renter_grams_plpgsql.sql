-- Hand-written (issue #16): mdm_platform_grams (0021) written in PL/pgSQL, the same grams of the same text. As a SQL
-- function with an aggregate it could not be inlined, so every call started an executor of its own: ANALYZE computes
-- the renter index's expression statistics by calling it once per sampled row (30,000), which took 2.4 of ANALYZE's
-- 3 s at 100k devices on the embedded database (WebAssembly), and every device written calls it too. 30,000 calls:
-- 3.1 s as SQL, 0.19 s in PL/pgSQL, the same sets of grams. The planner needs those statistics: without them it
-- guesses 0.5 % of the rows for a renter name and ANDs the candidates with a company index (PGlite, 100k: 2-10 ms
-- instead of 0.7 ms). The grams come in the order they are met instead of sorted; the GIN index keys each element, and
-- @> compares sets. Only catalog functions and operators (maintenance runs index expressions with a restricted
-- search_path). Replacing an immutable function keeps the index: its keys are the same.
CREATE OR REPLACE FUNCTION mdm_platform_grams(platform text, value text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  low text := pg_catalog.lower(value);
  -- The positions of the text as written, as 0021 counted them (lower() keeps the length in every collation but ICU's).
  len int := pg_catalog.length(value);
  prefix text := pg_catalog.textcat(platform, ' ');
  grams text[] := '{}';
  gram text;
BEGIN
  FOR n IN 1..2 LOOP
    FOR i IN 1..len - n + 1 LOOP
      gram := pg_catalog.textcat(prefix, pg_catalog.substr(low, i, n));
      IF NOT gram OPERATOR(pg_catalog.=) ANY (grams) THEN
        grams := pg_catalog.array_append(grams, gram);
      END IF;
    END LOOP;
  END LOOP;
  RETURN grams;
END
$$;
