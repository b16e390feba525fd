-- Before the index: should two keys of one company already exist (two creates at the same moment), the newest
-- stays and the others go — they could not be shown, regenerated or deleted in the console anyway.
DELETE FROM "access_keys" WHERE EXISTS (
  SELECT 1 FROM "access_keys" AS "newer" WHERE "newer"."company_id" = "access_keys"."company_id" AND "newer"."id" > "access_keys"."id"
);--> statement-breakpoint
DROP INDEX "access_keys_company_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "access_keys_company_idx" ON "access_keys" USING btree ("company_id");
