CREATE TABLE "session_revocations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_revocations_revoked_at_idx" ON "session_revocations" USING btree ("revoked_at");--> statement-breakpoint
CREATE FUNCTION "record_session_revocation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The account's key, not its id: a deleted account leaves no row naming it (decision 019).
  INSERT INTO "session_revocations" ("user_id", "revoked_at")
  VALUES (encode(sha256(convert_to(OLD."user_id", 'UTF8')), 'hex'), now())
  ON CONFLICT ("user_id") DO UPDATE SET "revoked_at" = excluded."revoked_at";
  -- Only the last minute matters (a signed copy lives that long): older rows go.
  DELETE FROM "session_revocations" WHERE "revoked_at" < now() - interval '1 hour';
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "session_deleted" AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "record_session_revocation"();
