-- Before the constraint: siblings that already share a name keep the oldest as it is; the others get their id
-- appended, "华东分公司（12）", so that both can still be told apart and renamed.
UPDATE "companies" SET "name" = "name" || '（' || "id" || '）'
WHERE EXISTS (
  SELECT 1 FROM "companies" AS "older"
  WHERE "older"."parent_id" IS NOT DISTINCT FROM "companies"."parent_id" AND "older"."name" = "companies"."name" AND "older"."id" < "companies"."id"
);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_sibling_name_key" UNIQUE NULLS NOT DISTINCT("parent_id","name");
