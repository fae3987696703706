-- The `produce-book` job (draw and print a paid book in one run) is gone: books are drawn before
-- paying (`draw-book`) and printed from the approved version (`print-book`). A paid book whose
-- production was still waiting or running is drawn where it stopped by `draw-book`, which then
-- records the version it drew on the order and queues its print.
UPDATE "book_instance" SET "status" = 'rendering', "updated_at" = now()
WHERE "status" = 'ready' AND "current_version_id" IS NULL
  AND "id"::text IN (
    SELECT "payload"->>'bookInstanceId' FROM "jobs"
    WHERE "queue" = 'produce-book' AND "state" IN ('queued', 'active')
  );
--> statement-breakpoint
UPDATE "jobs" SET
  "queue" = 'draw-book',
  "payload" = jsonb_build_object('bookInstanceId', "payload"->>'bookInstanceId'),
  "singleton_key" = 'draw-book:' || ("payload"->>'bookInstanceId'),
  "state" = 'queued',
  "locked_by" = NULL,
  "locked_until" = NULL,
  "run_after" = now(),
  "updated_at" = now()
WHERE "queue" = 'produce-book' AND "state" IN ('queued', 'active')
  AND NOT EXISTS (
    SELECT 1 FROM "jobs" AS "other"
    WHERE "other"."singleton_key" = 'draw-book:' || ("jobs"."payload"->>'bookInstanceId')
  );
--> statement-breakpoint
UPDATE "jobs" SET "state" = 'failed', "last_error" = 'produce-book was replaced by draw-book and print-book', "updated_at" = now()
WHERE "queue" = 'produce-book' AND "state" IN ('queued', 'active');
