/**
 * The slow lane: queues that draw pictures (minutes per book). Every other job (e-mails, print,
 * printer reports) is claimed before them, and each worker keeps one loop for the others only, so
 * an "order paid" e-mail never waits behind a book's pictures. Named here, below the schema (the
 * claim's partial index spells them), and typed against the queues in src/server/jobs/payloads.ts.
 */
export const DRAWING_QUEUE_NAMES = ['draw-book', 'redraw-page'] as const;
