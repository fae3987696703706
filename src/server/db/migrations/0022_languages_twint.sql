ALTER TABLE "book_instance" DROP CONSTRAINT "book_instance_language";--> statement-breakpoint
ALTER TABLE "order_copies" DROP CONSTRAINT "order_copies_language";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_language";--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_language";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "book_instance" ADD CONSTRAINT "book_instance_language" CHECK ("book_instance"."language" in ('en', 'fr', 'de', 'it'));--> statement-breakpoint
ALTER TABLE "order_copies" ADD CONSTRAINT "order_copies_language" CHECK ("order_copies"."language" is null or "order_copies"."language" in ('en', 'fr', 'de', 'it'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method" CHECK ("orders"."payment_method" is null or "orders"."payment_method" in ('card', 'twint'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language" CHECK ("orders"."language" in ('en', 'fr', 'de', 'it'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_language" CHECK ("user"."language" in ('en', 'fr', 'de', 'it'));