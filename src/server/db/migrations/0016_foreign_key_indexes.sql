CREATE INDEX "book_instance_book_idx" ON "book_instance" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "book_instance_theme_idx" ON "book_instance" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "book_instance_customer_idx" ON "book_instance" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "book_instance_current_version_idx" ON "book_instance" USING btree ("current_version_id");--> statement-breakpoint
CREATE INDEX "book_instance_approved_version_idx" ON "book_instance" USING btree ("approved_version_id");--> statement-breakpoint
CREATE INDEX "book_instance_status_updated_idx" ON "book_instance" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree (("queue" in ('draw-book', 'redraw-page')),"run_after","created_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "orders_theme_idx" ON "orders" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "orders_character_idx" ON "orders" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "orders_book_version_idx" ON "orders" USING btree ("book_version_id");--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at") WHERE "orders"."delivered_at" is not null;--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_idx" ON "promo_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "themes_book_idx" ON "themes" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "wizard_sessions_book_instance_idx" ON "wizard_sessions" USING btree ("book_instance_id");--> statement-breakpoint
CREATE INDEX "wizard_sessions_theme_idx" ON "wizard_sessions" USING btree ("theme_id");