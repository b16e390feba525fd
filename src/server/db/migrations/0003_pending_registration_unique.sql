-- Before the index: should two pending applications for one username already exist (two submitted at the same
-- moment), the newest stays pending and the older ones are rejected, as an administrator would have done.
UPDATE "registrations" SET "status" = 'REJECTED', "reviewed_at" = now()
WHERE "status" = 'PENDING' AND EXISTS (
  SELECT 1 FROM "registrations" AS "newer"
  WHERE "newer"."username" = "registrations"."username" AND "newer"."status" = 'PENDING' AND "newer"."id" > "registrations"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pending_username_idx" ON "registrations" USING btree ("username") WHERE "registrations"."status" = 'PENDING';
