CREATE TABLE "book_instance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"theme_id" text NOT NULL,
	"book_type" text NOT NULL,
	"created_by" text NOT NULL,
	"customer_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"wizard_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_step" text,
	"progress_percentage" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_instance_status" CHECK ("book_instance"."status" in ('draft', 'rendering', 'ready', 'fulfilled', 'archived', 'abandoned')),
	CONSTRAINT "book_instance_book_type" CHECK ("book_instance"."book_type" in ('storybook', 'coloring')),
	CONSTRAINT "book_instance_language" CHECK ("book_instance"."language" in ('en', 'fr')),
	CONSTRAINT "book_instance_progress" CHECK ("book_instance"."progress_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "book" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"photo_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "generated_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_path" text NOT NULL,
	"spread_id" uuid,
	"book_instance_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_key" text NOT NULL,
	"item_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"discount_percentage" integer DEFAULT 0 NOT NULL,
	"total_price" integer NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_product_key" CHECK ("order_items"."product_key" in ('softcover_book', 'hardcover_book', 'grandparent_softcover_copy', 'grandparent_hardcover_copy')),
	CONSTRAINT "order_items_item_type" CHECK ("order_items"."item_type" in ('base_book', 'hardcover_upgrade', 'grandparent_copy')),
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_amounts" CHECK ("order_items"."unit_price" >= 0 and "order_items"."total_price" >= 0),
	CONSTRAINT "order_items_discount" CHECK ("order_items"."discount_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"order_number" text NOT NULL,
	"book_type" text NOT NULL,
	"theme_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"currency" text DEFAULT 'CHF' NOT NULL,
	"subtotal_amount" integer DEFAULT 0 NOT NULL,
	"shipping_amount" integer DEFAULT 0 NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"total_amount" integer DEFAULT 0 NOT NULL,
	"shipping_address" jsonb,
	"wizard_data" jsonb,
	"book_instance_id" uuid,
	"cover_type" text NOT NULL,
	"customer_id" uuid,
	"character_id" uuid,
	"tracking_number" text,
	"language" text DEFAULT 'en' NOT NULL,
	"payment_session_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_order_number_format" CHECK ("orders"."order_number" ~ '^BK-[0-9]+(-[0-9]+)?$'),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'processing', 'printing', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "orders_book_type" CHECK ("orders"."book_type" in ('storybook', 'coloring')),
	CONSTRAINT "orders_cover_type" CHECK ("orders"."cover_type" in ('softcover', 'hardcover')),
	CONSTRAINT "orders_language" CHECK ("orders"."language" in ('en', 'fr')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal_amount" >= 0 and "orders"."shipping_amount" >= 0 and "orders"."tax_amount" >= 0 and "orders"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_key" text NOT NULL,
	"base_price" integer NOT NULL,
	"discount_percentage" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CHF' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_pricing_product_key_unique" UNIQUE("product_key"),
	CONSTRAINT "product_pricing_product_key" CHECK ("product_pricing"."product_key" in ('softcover_book', 'hardcover_book', 'grandparent_softcover_copy', 'grandparent_hardcover_copy')),
	CONSTRAINT "product_pricing_base_price" CHECK ("product_pricing"."base_price" >= 0),
	CONSTRAINT "product_pricing_discount" CHECK ("product_pricing"."discount_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_text" CHECK (length(trim("reviews"."text")) > 0)
);
--> statement-breakpoint
CREATE TABLE "spreads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_instance_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"template_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spreads_instance_position" UNIQUE("book_instance_id","position"),
	CONSTRAINT "spreads_position" CHECK ("spreads"."position" >= 0),
	CONSTRAINT "spreads_status" CHECK ("spreads"."status" in ('pending', 'generating', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" text PRIMARY KEY NOT NULL,
	"book_id" uuid NOT NULL,
	"book_types" text[] NOT NULL,
	"age_min" integer NOT NULL,
	"age_max" integer NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "themes_id_format" CHECK ("themes"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "themes_age_range" CHECK ("themes"."age_min" >= 0 and "themes"."age_min" <= "themes"."age_max"),
	CONSTRAINT "themes_book_types" CHECK ("themes"."book_types" <@ array['storybook', 'coloring']::text[])
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "wizard_session_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"step_number" integer NOT NULL,
	"step_type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wizard_session_data_session_step" UNIQUE("session_id","step_number"),
	CONSTRAINT "wizard_session_data_step_number" CHECK ("wizard_session_data"."step_number" between 1 and 5),
	CONSTRAINT "wizard_session_data_step_type" CHECK ("wizard_session_data"."step_type" = (array['child', 'cover', 'toy', 'toy_generated', 'dedication'])["wizard_session_data"."step_number"])
);
--> statement-breakpoint
CREATE TABLE "wizard_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"theme_id" text NOT NULL,
	"book_type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wizard_sessions_id_format" CHECK ("wizard_sessions"."session_id" ~ '^wizard_[0-9]+_[a-z0-9]+$'),
	CONSTRAINT "wizard_sessions_status" CHECK ("wizard_sessions"."status" in ('active', 'completed')),
	CONSTRAINT "wizard_sessions_book_type" CHECK ("wizard_sessions"."book_type" in ('storybook', 'coloring'))
);
--> statement-breakpoint
ALTER TABLE "book_instance" ADD CONSTRAINT "book_instance_book_id_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_instance" ADD CONSTRAINT "book_instance_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_instance" ADD CONSTRAINT "book_instance_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_instance" ADD CONSTRAINT "book_instance_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_image" ADD CONSTRAINT "generated_image_spread_id_spreads_id_fk" FOREIGN KEY ("spread_id") REFERENCES "public"."spreads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_image" ADD CONSTRAINT "generated_image_book_instance_id_book_instance_id_fk" FOREIGN KEY ("book_instance_id") REFERENCES "public"."book_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_book_instance_id_book_instance_id_fk" FOREIGN KEY ("book_instance_id") REFERENCES "public"."book_instance"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreads" ADD CONSTRAINT "spreads_book_instance_id_book_instance_id_fk" FOREIGN KEY ("book_instance_id") REFERENCES "public"."book_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_book_id_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wizard_session_data" ADD CONSTRAINT "wizard_session_data_session_id_wizard_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wizard_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wizard_sessions" ADD CONSTRAINT "wizard_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wizard_sessions" ADD CONSTRAINT "wizard_sessions_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_instance_owner_idx" ON "book_instance" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "characters_user_idx" ON "characters" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_image_instance_idx" ON "generated_image" USING btree ("book_instance_id","spread_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_book_instance_idx" ON "orders" USING btree ("book_instance_id");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wizard_sessions_user_idx" ON "wizard_sessions" USING btree ("user_id");