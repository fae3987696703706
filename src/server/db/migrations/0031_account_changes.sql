CREATE TABLE "account_changes" (
	"account_key" text PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_changes_changed_at_idx" ON "account_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE FUNCTION "record_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  -- Whose answers the row changes: the account itself, a book's parent, an order's buyer; a
  -- catalogue book's title is on every parent's cards (`*`).
  IF TG_TABLE_NAME = 'user' THEN
    account := CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END;
  ELSIF TG_TABLE_NAME = 'book_instance' THEN
    account := CASE WHEN TG_OP = 'DELETE' THEN OLD."created_by" ELSE NEW."created_by" END;
  ELSIF TG_TABLE_NAME = 'orders' THEN
    account := CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END;
  ELSIF TG_TABLE_NAME = 'book' THEN
    account := '*';
  ELSE
    SELECT "created_by" INTO account FROM "book_instance"
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."book_instance_id" ELSE NEW."book_instance_id" END;
  END IF;
  IF account IS NULL THEN
    RETURN NULL;
  END IF;
  -- The account's key, not its id: a deleted account leaves no row naming it (as 0020's). The
  -- time is taken at commit (the triggers are deferred), so a reader that started before the
  -- change was visible is known to have read the old answer.
  INSERT INTO "account_changes" ("account_key", "changed_at")
  VALUES (CASE WHEN account = '*' THEN '*' ELSE encode(sha256(convert_to(account, 'UTF8')), 'hex') END,
    clock_timestamp())
  ON CONFLICT ("account_key") DO UPDATE SET "changed_at" = excluded."changed_at";
  -- A process reads the last few seconds only: older rows go.
  DELETE FROM "account_changes" WHERE "changed_at" < now() - interval '1 hour';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_changed" AFTER UPDATE ON "user" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."image" IS DISTINCT FROM NEW."image")
  EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_deleted" AFTER DELETE ON "user" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "book_instance_added" AFTER INSERT OR DELETE ON "book_instance"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
-- What My Books shows of a book: not its customer or `updated_at`, which each order sets (an
-- order's 200 buyers at once would otherwise queue on their account's row).
CREATE CONSTRAINT TRIGGER "book_instance_changed" AFTER UPDATE ON "book_instance"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."current_step" IS DISTINCT FROM NEW."current_step"
    OR OLD."progress_percentage" IS DISTINCT FROM NEW."progress_percentage"
    OR OLD."wizard_metadata" IS DISTINCT FROM NEW."wizard_metadata"
    OR OLD."current_version_id" IS DISTINCT FROM NEW."current_version_id"
    OR OLD."approved_version_id" IS DISTINCT FROM NEW."approved_version_id"
    OR OLD."interior_stored_at" IS DISTINCT FROM NEW."interior_stored_at"
    OR OLD."images_deleted_at" IS DISTINCT FROM NEW."images_deleted_at"
    OR OLD."created_by" IS DISTINCT FROM NEW."created_by" OR OLD."book_id" IS DISTINCT FROM NEW."book_id"
    OR OLD."theme_id" IS DISTINCT FROM NEW."theme_id" OR OLD."book_type" IS DISTINCT FROM NEW."book_type"
    OR OLD."language" IS DISTINCT FROM NEW."language" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "book_version_changed" AFTER INSERT OR UPDATE OR DELETE ON "book_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "generated_image_changed" AFTER INSERT OR DELETE ON "generated_image"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_paid" AFTER INSERT ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."payment_status" IN ('paid', 'refunded'))
  EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_changed" AFTER UPDATE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."payment_status" IS DISTINCT FROM NEW."payment_status"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."book_instance_id" IS DISTINCT FROM NEW."book_instance_id")
  EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_deleted" AFTER DELETE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "book_title_changed" AFTER UPDATE ON "book" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title")
  EXECUTE FUNCTION "record_account_change"();
