ALTER TABLE "book_instance" ADD COLUMN "finishing_by" text;--> statement-breakpoint
ALTER TABLE "book_instance" ADD COLUMN "finishing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "print_job_id" text;--> statement-breakpoint
ALTER TABLE "spreads" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "spreads" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spreads" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "generated_image_spread_idx" ON "generated_image" USING btree ("spread_id");--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("state","locked_until");