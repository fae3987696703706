-- book_instance_changed (0031) compared 14 columns, a jsonb among them, on every update of a book,
-- an order's touch of `customer_id` and `updated_at` too (issue 37: the orders bench lost ~15 %).
-- `UPDATE OF` names the columns My Books shows, so PostgreSQL skips the trigger, WHEN and all, for
-- an update that sets none of them; the WHEN still leaves out an update that sets them unchanged.
DROP TRIGGER "book_instance_changed" ON "book_instance";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "book_instance_changed"
  AFTER UPDATE OF "status", "current_step", "progress_percentage", "wizard_metadata", "current_version_id",
    "approved_version_id", "interior_stored_at", "images_deleted_at", "created_by", "book_id", "theme_id",
    "book_type", "language", "created_at"
  ON "book_instance" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
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
-- An order's page is kept too (issue 33): whatever it shows records a change. Its lines are written
-- with the order's row and changed only with it (the checkout's change of an unpaid order); its
-- gift copies' later changes, its refunds and its review are recorded here. A new order's copies are
-- not (written with the order, like its lines), so an order costs no trigger.
CREATE OR REPLACE FUNCTION "record_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  -- Whose answers the row changes: the account itself, a book's parent, an order's buyer; a
  -- catalogue book's title is on every parent's cards (`*`).
  IF TG_TABLE_NAME = 'user' THEN
    account := CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END;
  ELSIF TG_TABLE_NAME = 'book_instance' THEN
    account := CASE WHEN TG_OP = 'DELETE' THEN OLD."created_by" ELSE NEW."created_by" END;
  ELSIF TG_TABLE_NAME IN ('orders', 'reviews') THEN
    account := CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END;
  ELSIF TG_TABLE_NAME IN ('order_copies', 'payment_refunds') THEN
    SELECT "user_id" INTO account FROM "orders"
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."order_id" ELSE NEW."order_id" END;
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
DROP TRIGGER "order_changed" ON "orders";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_changed" AFTER UPDATE ON "orders" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_copy_changed" AFTER UPDATE OR DELETE ON "order_copies"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refund_changed" AFTER INSERT OR UPDATE OR DELETE ON "payment_refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "record_account_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "review_changed" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "record_account_change"();
