ALTER TABLE "customer" DROP CONSTRAINT "customer_email_unique";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_user_email_idx" ON "customer" USING btree ("user_id","email");--> statement-breakpoint
-- A customer row used by one account only becomes that account's; one several accounts used stays
-- unowned (userId null): their next checkouts make rows of their own.
UPDATE "customer" SET "user_id" = "owners"."user_id"
FROM (
  SELECT "customer_id", min("user_id") AS "user_id"
  FROM (
    SELECT "customer_id", "created_by" AS "user_id" FROM "book_instance" WHERE "customer_id" IS NOT NULL
    UNION ALL
    SELECT "customer_id", "user_id" FROM "orders" WHERE "customer_id" IS NOT NULL AND "user_id" IS NOT NULL
  ) AS "uses"
  GROUP BY "customer_id"
  HAVING count(DISTINCT "user_id") = 1
) AS "owners"
WHERE "owners"."customer_id" = "customer"."id";
