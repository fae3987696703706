DROP INDEX "book_instance_owner_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
ALTER TABLE "book_instance" ADD COLUMN "interior_stored_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "book_instance_owner_idx" ON "book_instance" USING btree ("created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- Books fulfilled before this column: print-book stored their interior before marking them fulfilled.
UPDATE "book_instance" SET "interior_stored_at" = "updated_at" WHERE "status" = 'fulfilled';
