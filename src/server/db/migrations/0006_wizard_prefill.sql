ALTER TABLE "wizard_sessions" ADD COLUMN "prefill_source" text;--> statement-breakpoint
ALTER TABLE "wizard_sessions" ADD COLUMN "prefill" jsonb;