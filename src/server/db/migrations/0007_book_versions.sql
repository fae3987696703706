CREATE TABLE "book_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_instance_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"pictures" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "book_versions_instance_number" UNIQUE("book_instance_id","number"),
	CONSTRAINT "book_versions_number" CHECK ("book_versions"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "page_redraws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_instance_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"variant" integer NOT NULL,
	"status" text DEFAULT 'drawing' NOT NULL,
	"storage_key" text,
	"sha256" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_redraws_status" CHECK ("page_redraws"."status" in ('drawing', 'ready', 'failed', 'kept', 'discarded'))
);
--> statement-breakpoint
ALTER TABLE "book_instance" ADD COLUMN "current_version_id" uuid;--> statement-breakpoint
ALTER TABLE "book_instance" ADD COLUMN "approved_version_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "book_version_id" uuid;--> statement-breakpoint
ALTER TABLE "book_versions" ADD CONSTRAINT "book_versions_book_instance_id_book_instance_id_fk" FOREIGN KEY ("book_instance_id") REFERENCES "public"."book_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_redraws" ADD CONSTRAINT "page_redraws_book_instance_id_book_instance_id_fk" FOREIGN KEY ("book_instance_id") REFERENCES "public"."book_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_redraws_instance_idx" ON "page_redraws" USING btree ("book_instance_id","position");--> statement-breakpoint
ALTER TABLE "book_instance" ADD CONSTRAINT "book_instance_current_version_id_book_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."book_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_instance" ADD CONSTRAINT "book_instance_approved_version_id_book_versions_id_fk" FOREIGN KEY ("approved_version_id") REFERENCES "public"."book_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_book_version_id_book_versions_id_fk" FOREIGN KEY ("book_version_id") REFERENCES "public"."book_versions"("id") ON DELETE set null ON UPDATE no action;