CREATE TABLE "generation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wizard_sessions" ADD COLUMN "book_instance_id" uuid;--> statement-breakpoint
CREATE INDEX "generation_log_session_idx" ON "generation_log" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "generation_log_user_idx" ON "generation_log" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "wizard_sessions" ADD CONSTRAINT "wizard_sessions_book_instance_id_book_instance_id_fk" FOREIGN KEY ("book_instance_id") REFERENCES "public"."book_instance"("id") ON DELETE set null ON UPDATE no action;