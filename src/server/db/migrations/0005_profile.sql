ALTER TABLE "book_instance" ADD COLUMN "photos_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "book_instance" ADD COLUMN "images_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;