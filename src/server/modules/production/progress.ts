/**
 * The progress texts of a book in production (docs/spec.md section 4, "Generation progress text"), as
 * stored in `book_instance.current_step`, with the percentage shown beside each. The profile turns
 * these raw texts into the reader's language; they stay English here because they are data.
 */
export const PROGRESS = {
  setup: { step: 'setup', percent: 2 },
  jobsCreated: (count: number) => ({ step: `${count} jobs created`, percent: 5 }),
  intermediateImages: { step: 'intermediate images complete', percent: 10 },
  spreadJobsCreated: (queued: number) => ({
    step: `Spread jobs created (${queued} pages queued)`,
    percent: 12,
  }),
  /** Pictures take most of the time: 12 % to 90 %. */
  generatingImages: (done: number, total: number) => ({
    step: `Generating images ${done}/${total}`,
    percent: 12 + Math.floor((78 * done) / Math.max(1, total)),
  }),
  allDone: { step: 'all done', percent: 100 },
} as const;

/** docs/spec.md section 4: what an archived book says (the profile shows its French version in French). */
export const FAILURE_STEP = "Something went wrong creating your book. We're working to fix it.";
