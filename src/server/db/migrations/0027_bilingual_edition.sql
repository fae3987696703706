ALTER TABLE "order_items" DROP CONSTRAINT "order_items_product_key";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_item_type";--> statement-breakpoint
ALTER TABLE "product_pricing" DROP CONSTRAINT "product_pricing_product_key";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_key" CHECK ("order_items"."product_key" in ('softcover_book', 'hardcover_book', 'grandparent_softcover_copy', 'grandparent_hardcover_copy', 'bilingual_edition'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_item_type" CHECK ("order_items"."item_type" in ('base_book', 'hardcover_upgrade', 'grandparent_copy', 'bilingual_edition'));--> statement-breakpoint
ALTER TABLE "product_pricing" ADD CONSTRAINT "product_pricing_product_key" CHECK ("product_pricing"."product_key" in ('softcover_book', 'hardcover_book', 'grandparent_softcover_copy', 'grandparent_hardcover_copy', 'bilingual_edition'));