CREATE INDEX "customer_name_words_idx" ON "customer" USING gin (to_tsvector('simple', "full_name"));--> statement-breakpoint
CREATE INDEX "orders_held_idx" ON "orders" USING btree ("held_at") WHERE "orders"."held_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_unshipped_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" in ('processing', 'printing');--> statement-breakpoint
CREATE INDEX "payment_refunds_failed_idx" ON "payment_refunds" USING btree ("created_at") WHERE "payment_refunds"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "printer_events_refused_idx" ON "printer_events" USING btree ("order_id","print_job_id") WHERE "printer_events"."status" in ('REJECTED', 'CANCELED', 'ERROR');