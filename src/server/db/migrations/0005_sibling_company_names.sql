-- Before the constraint: siblings that already share a name keep the oldest as it is; each other one gets its id
-- appended, "华东分公司（12）" (or "（12-2）" … should that name be taken too), so all can be told apart and renamed.
DO $$
DECLARE
  duplicate record;
  candidate text;
  attempt integer;
BEGIN
  FOR duplicate IN
    SELECT c.id, c.parent_id, c.name FROM "companies" AS c
    WHERE EXISTS (
      SELECT 1 FROM "companies" AS older
      WHERE older.parent_id IS NOT DISTINCT FROM c.parent_id AND older.name = c.name AND older.id < c.id
    )
    ORDER BY c.id
  LOOP
    attempt := 1;
    LOOP
      candidate := duplicate.name || '（' || duplicate.id || CASE WHEN attempt > 1 THEN '-' || attempt ELSE '' END || '）';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "companies" AS sibling WHERE sibling.parent_id IS NOT DISTINCT FROM duplicate.parent_id AND sibling.name = candidate
      );
      attempt := attempt + 1;
    END LOOP;
    UPDATE "companies" SET "name" = candidate WHERE "id" = duplicate.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_sibling_name_key" UNIQUE NULLS NOT DISTINCT("parent_id","name");
