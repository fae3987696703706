ALTER TABLE "book_instance" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "book_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "reminders_token" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_reminders_token_unique" UNIQUE("reminders_token");