CREATE TABLE "order_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"ship_to" jsonb,
	"dedication_message" text,
	"dedication_signature" text,
	"language" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"print_job_id" text,
	"tracking_number" text,
	"tracking_url" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_copies_position" CHECK ("order_copies"."position" between 1 and 3),
	CONSTRAINT "order_copies_status" CHECK ("order_copies"."status" in ('pending', 'printing', 'shipped', 'delivered')),
	CONSTRAINT "order_copies_language" CHECK ("order_copies"."language" is null or "order_copies"."language" in ('en', 'fr'))
);
--> statement-breakpoint
ALTER TABLE "order_copies" ADD CONSTRAINT "order_copies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_copies_order_position" ON "order_copies" USING btree ("order_id","position");