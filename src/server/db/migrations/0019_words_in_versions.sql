-- Issue 29, docs/decisions/018: one name per field (the dedication's signature is `dedicationSignature`
-- everywhere, as in book_versions.texts and order_copies), and the words of a book live in its
-- versions: the order no longer keeps a copy of the personalisation (its words are its approved
-- version's, orders.book_version_id).
UPDATE "book_instance"
SET "wizard_metadata" = ("wizard_metadata" - 'dedicationName')
  || jsonb_build_object('dedicationSignature', "wizard_metadata" -> 'dedicationName')
WHERE "wizard_metadata" ? 'dedicationName' AND NOT "wizard_metadata" ? 'dedicationSignature';--> statement-breakpoint
UPDATE "book_instance"
SET "wizard_metadata" = "wizard_metadata" - 'dedicationName'
WHERE "wizard_metadata" ? 'dedicationName';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "wizard_data";
