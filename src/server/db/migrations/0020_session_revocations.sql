CREATE TABLE "session_revocations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_revocations_revoked_at_idx" ON "session_revocations" USING btree ("revoked_at");--> statement-breakpoint
CREATE FUNCTION "record_session_revocation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "session_revocations" ("user_id", "revoked_at") VALUES (OLD."user_id", now())
  ON CONFLICT ("user_id") DO UPDATE SET "revoked_at" = excluded."revoked_at";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "session_deleted" AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "record_session_revocation"();
