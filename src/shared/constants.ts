// Business constants and limits of docs/spec.md section 9 and docs/product.md, in one place for both sides.

/** Book facts told to parents: pages per type and the age range of the theme today. */
export const BOOK_FACTS = {
  storybookPages: 30,
  coloringPages: 20,
  ageMin: 2,
  ageMax: 8,
} as const;

export const LIMITS = {
  wizardSteps: 5,
  checkoutSteps: 3,
  /**
   * The ages a parent may enter (issue 36): the books are written for BOOK_FACTS' 2 to 8, and a
   * parent may still buy one for a child of 9 or 10 (told so at the field); no book is for the rest.
   */
  childAge: { min: BOOK_FACTS.ageMin, max: 10 },
  /** The ages books made before issue 36 may carry (1 to 18 were taken then): read, never entered. */
  childAgeOnRecord: { min: 1, max: 18 },
  photoMaxBytes: 10 * 1024 * 1024,
  /**
   * The largest file the wizard's photo field takes (issue 36): the browser crops it and sends a JPEG of
   * at most 2048 px, well under `photoMaxBytes`, so a large phone photo is shrunk rather than refused.
   */
  photoChosenMaxBytes: 60 * 1024 * 1024,
  photoMinPixels: 300,
  cropZoom: { min: 1, max: 3, step: 0.1 },
  cropJpegQuality: 0.95,
  dedicationMaxChars: 300,
  signatureMaxChars: 60,
  /** The shortest password (docs/spec.md section 5): the auth server and the sign-up forms. */
  passwordMinChars: 6,
} as const;

/**
 * "Your book" before paying (issue 15): pages drawn again per book, and books drawn per account per
 * day (a hosted illustrator costs money per picture, a whole book about 30 pictures).
 */
export const BOOK_PREVIEW = { redrawsPerBook: 3, booksPerDay: 5 } as const;

/**
 * How long a cover takes (issue 36), as the wizard's waiting step says it: the local illustrator's
 * first hero cover measured about 2.5 to 5 s after the photo's upload check (8 s in a process that
 * never checked a photo) on the 2-core test machine, so "about 10 seconds"; after 20 s it says it is
 * taking longer than usual; the server gives up after a minute (modules/wizard/service.ts).
 */
export const COVER_WAIT = { usualSeconds: 10, slowAfterMs: 20_000, mostMs: 60_000 } as const;
/**
 * The usual wait said for each illustrator: measured for the local one only. The hosted models
 * (Gemini, OpenAI) cannot be reached from the machine the shop is built on, so their wait is not
 * promised: the wizard says it can take up to a minute (COVER_WAIT.mostMs).
 */
export const USUAL_COVER_SECONDS: Record<'local' | 'gemini' | 'openai', number | null> = {
  local: COVER_WAIT.usualSeconds,
  gemini: null,
  openai: null,
};

/** The wizard session cookie: its name and lifetime (1/12 day). */
export const WIZARD_COOKIE = { name: 'wizard_session', hours: 2 } as const;

/**
 * How long each kind of data is kept (the privacy policy's promises). The scheduled retention jobs
 * and the privacy page read the same figures.
 */
export const RETENTION = {
  originalPhotosWeeks: 3,
  derivedImagesMonths: 6,
  temporaryUploadsHours: 24,
  unpaidDraftsDays: 30,
  // Failed sign-ins count for 15 minutes (the account lock); a day of them is kept to look into.
  failedSignInsHours: 24,
  // A demo shop's outbox (DATA_DIR/outbox): the e-mails it would have sent.
  outboxDays: 30,
  // Finished background jobs without a once-only key (issue 19): a month to look into, then gone.
  doneJobsDays: 30,
  errorLogsDays: 90,
  complaintAnswerDays: 30,
  // Swiss accounting law (art. 958f CO) keeps books and vouchers for ten years.
  accountingYears: 10,
} as const;

export const SATISFACTION_DAYS = 30;

/** Where parents write to us; replies within 24 hours (docs/spec.md FAQ). */
export const SUPPORT = { email: 'hello@cuddletales.ch', replyHours: 24 } as const;

/**
 * A page of My Books or of the Orders tab holds this many rows unless asked for fewer (here, not in
 * the profile's contract, so that the profile's first load can read it without zod: issue 33).
 */
export const PROFILE_PAGE_SIZE = { default: 12, max: 50 } as const;
