CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" in ('hold', 'release', 'note', 'refund', 'cancel', 'mark_shipped', 'mark_delivered', 'retry_book', 'resubmit_print', 'resend_email', 'approve_print', 'redraw_page', 'keep_redraw'))
);
--> statement-breakpoint
CREATE TABLE "printer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"print_job_id" text,
	"status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_payment_session_id_unique";--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_reason";--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "print_review" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_events" ADD CONSTRAINT "printer_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_order_idx" ON "audit_log" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "printer_events_order_idx" ON "printer_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_email_idx" ON "customer" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customer_name_idx" ON "customer" USING btree (lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "jobs_order_idx" ON "jobs" USING btree (("payload"->>'orderId'));--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree (("shipping_address"->>'country'),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_review_waiting_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."print_review" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_automatic_idx" ON "payment_refunds" USING btree ("payment_session_id") WHERE "payment_refunds"."reason" <> 'operator';--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_request_key_unique" UNIQUE("request_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_print_review" CHECK ("orders"."print_review" is null or "orders"."print_review" in ('waiting', 'approved'));--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0);--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_reason" CHECK ("payment_refunds"."reason" in ('double_charge', 'amount_mismatch', 'operator'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role" CHECK ("user"."role" in ('customer', 'admin'));--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
