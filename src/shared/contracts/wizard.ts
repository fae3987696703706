import { z } from 'zod';
import { LIMITS } from '../constants';
import { CompanionsSchema } from '../domain/cast';
import { ChildLookSchema, UnreadLookPartsSchema } from '../domain/child-look';
import { dedicationProblems, normaliseSignature, signatureProblems } from '../domain/dedication';
import { LanguageSchema } from '../domain/language-schema';
import { BOOK_TYPES } from '../domain/statuses';
import { ToyLookSchema } from '../domain/toy-look';
import { BookTypeParamSchema } from './catalog';

/** An id the server gave to an uploaded photo or a generated image (never a path). */
export const ImageIdSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'expected an image id');

const name = z.string().trim().min(1, 'required').max(40, 'at most 40 characters');

/**
 * Step 1, child (docs/spec.md section 3): name, gender, age 2-10 (issue 36), the photo's id, consent
 * given; and the brothers, sisters or friends beside the child (issue 35,
 * docs/decisions/030-siblings.md), none to two, each drawn from a look (no photo). Absent or empty is a
 * book of one child, as before.
 */
export const ChildStepSchema = z
  .object({
    name,
    gender: z.enum(['male', 'female']),
    age: z
      .number()
      .int()
      .min(
        LIMITS.childAge.min,
        `our books are for children aged ${LIMITS.childAge.min} to ${LIMITS.childAge.max}`,
      )
      .max(
        LIMITS.childAge.max,
        `our books are for children aged ${LIMITS.childAge.min} to ${LIMITS.childAge.max}`,
      ),
    picture: ImageIdSchema,
    consent: z.literal(true),
    companions: CompanionsSchema.optional(),
  })
  .meta({ id: 'WizardChildStep' });

/** How many covers of one step are kept to go back to ("Make a new one" keeps the earlier ones). */
export const COVER_VERSIONS_KEPT = 6;

/**
 * One cover made for a step: its image, its variant (0 the first drawing, 1, 2, … each "Make a new
 * one") and, for the hero, the drawn child's look. The server keeps them; the parent picks one.
 */
const CoverVersionSchema = z
  .object({
    imageId: ImageIdSchema,
    variant: z.number().int().min(0),
    look: ChildLookSchema.optional(),
    /** The parts of its look the photo did not settle, still to be chosen by the parent (issue 30). */
    unread: UnreadLookPartsSchema.optional(),
    /** The name drawn on it: covers of an earlier name are not offered again. */
    name: z.string().optional(),
  })
  .meta({ id: 'WizardCoverVersion' });
export type CoverVersion = z.infer<typeof CoverVersionSchema>;

/** The covers made so far for a step, oldest first; the server fills it, what a client sends is ignored. */
const versions = z.array(CoverVersionSchema).max(COVER_VERSIONS_KEPT).optional();

/**
 * Step 2, cover: the generated hero cover, whether it was approved, and the child's drawn look it
 * shows ("Does this look like Lily?"). The look is there only when the illustrator draws the child
 * from a look (the local one); the client shows the adjust panel exactly then.
 */
const CoverStepSchema = z
  .object({
    approved: z.boolean(),
    generatedCover: ImageIdSchema,
    look: ChildLookSchema.optional(),
    /** The parts of the look the photo did not settle and the parent has not chosen yet. */
    unread: UnreadLookPartsSchema.optional(),
    variant: z.number().int().min(0).optional(),
    versions,
  })
  .meta({ id: 'WizardCoverStep' });

/**
 * Step 3, toy: its name and photo, and how the local illustrator draws it (kind, colours, feature;
 * docs/decisions/021-the-toy-drawn.md). Without a look the toy is drawn as the default teddy.
 */
export const ToyStepSchema = z
  .object({ toyName: name, toyPicture: ImageIdSchema, look: ToyLookSchema.optional() })
  .meta({ id: 'WizardToyStep' });

/** The toy's colours read off its uploaded photo (step 3), or nothing when the photo cannot tell. */
export const ToyColoursRequestSchema = z.object({ photoId: ImageIdSchema }).meta({ id: 'ToyColoursRequest' });
export const ToyColoursSchema = z
  .object({
    /** Absent: the photo is busy, dark or shows several things; the parent chooses. */
    colours: ToyLookSchema.pick({ main: true, second: true }).optional(),
  })
  .meta({ id: 'ToyColours' });
export type ToyColours = z.infer<typeof ToyColoursSchema>;

/** Step 4, toy_generated: the generated toy cover and whether it was approved. */
const ToyGeneratedStepSchema = z
  .object({
    approved: z.boolean(),
    generatedToyImage: ImageIdSchema,
    variant: z.number().int().min(0).optional(),
    versions,
  })
  .meta({ id: 'WizardToyGeneratedStep' });

/** Step 5, dedication: no field is required; what is given follows the dedication and signature rules. */
export const DedicationStepSchema = z
  .object({
    dedicationMessage: z
      .string()
      .refine(
        (value) => value === '' || dedicationProblems(value).length === 0,
        'at most 300 characters, without emoji',
      ),
    dedicationSignature: z
      .string()
      .transform(normaliseSignature)
      .refine(
        (value) => value === '' || signatureProblems(value).length === 0,
        'at most 60 characters on one line, without emoji',
      ),
    /**
     * The bilingual edition's second language (issue 32), or none (null or absent). The book is
     * completed in the shop's language; a second language equal to it is no second language.
     */
    secondLanguage: LanguageSchema.nullable().optional(),
  })
  .meta({ id: 'WizardDedicationStep' });

export const STEP_SCHEMAS = {
  1: ChildStepSchema,
  2: CoverStepSchema,
  3: ToyStepSchema,
  4: ToyGeneratedStepSchema,
  5: DedicationStepSchema,
} as const;

export type ChildStep = z.infer<typeof ChildStepSchema>;
export type CoverStep = z.infer<typeof CoverStepSchema>;
export type ToyStep = z.infer<typeof ToyStepSchema>;
export type ToyGeneratedStep = z.infer<typeof ToyGeneratedStepSchema>;
export type DedicationStep = z.infer<typeof DedicationStepSchema>;

export const WizardStepParamSchema = z.object({ step: z.coerce.number().int().min(1).max(5) });

/**
 * What a wizard started from an earlier book brings along: the child of a "Reorder" (shown in step 1
 * but not saved, the consent has to be given again) and the order a "Make Sibling Version" copies.
 */
export const WizardPrefillSchema = z
  .object({
    child: z
      .object({
        name: z.string(),
        gender: z.enum(['male', 'female']).optional(),
        age: z.number().int().optional(),
        // Absent only when the earlier photo is no longer stored.
        picture: ImageIdSchema.optional(),
      })
      .optional(),
    clonedFrom: z.object({ orderNumber: z.string() }).optional(),
    /**
     * The earlier book's companions (issue 35), shown in step 1 ready to change, saved with it: a
     * reorder, a sibling version and a new photo keep the cast.
     */
    companions: CompanionsSchema.optional(),
    /** "Change the photo" of an unpaid book: everything else of that book is kept. */
    changingPhotoOf: z.object({ bookInstanceId: z.string() }).optional(),
  })
  .meta({ id: 'WizardPrefill' });

/** `/child-preview`: a companion drawn from a look (the look as JSON in `look`), as SVG. */
export const ChildPreviewQuerySchema = z.object({ look: z.string().max(2000) });
export type WizardPrefill = z.infer<typeof WizardPrefillSchema>;

/** The wizard as the server keeps it: the saved steps and where to resume. */
export const WizardStateSchema = z
  .object({
    themeId: z.string(),
    bookType: z.enum(BOOK_TYPES),
    steps: z.object({
      1: ChildStepSchema.optional(),
      2: CoverStepSchema.optional(),
      3: ToyStepSchema.optional(),
      4: ToyGeneratedStepSchema.optional(),
      // The saved (already normalised) dedication: plain strings, so the answer can be serialised.
      5: z
        .object({
          dedicationMessage: z.string(),
          dedicationSignature: z.string(),
          secondLanguage: LanguageSchema.nullable().optional(),
        })
        .optional(),
    }),
    resumeStep: z.number().int().min(1).max(5),
    prefill: WizardPrefillSchema.optional(),
    /** True when an earlier visit's progress was found (the 'welcome back' notice). */
    restored: z.boolean(),
    signedIn: z.boolean(),
    /**
     * About how long a cover takes with the shop's illustrator, as measured (COVER_WAIT in
     * shared/constants.ts, the local one); null where it was not measured here (a hosted model):
     * the wait is then said as its limit, a minute.
     */
    coverWaitSeconds: z.number().int().positive().nullable(),
  })
  .meta({ id: 'WizardState' });
export type WizardState = z.infer<typeof WizardStateSchema>;

/**
 * Starts the wizard for a theme and book type. `characterId` prefills the child of an earlier book
 * ("Reorder"); `cloneOrderId` keeps the toy and dedication of an order ("Make Sibling Version");
 * `fromBookId` keeps everything of an unpaid book but the child's photo ("Change the photo").
 * Each needs sign-in and starts a new session.
 */
export const StartWizardSchema = z
  .object({
    themeId: z.string().max(100),
    bookType: BookTypeParamSchema,
    characterId: z.string().uuid().optional(),
    cloneOrderId: z.string().uuid().optional(),
    /** "Change the photo" of one of the caller's unpaid books. */
    fromBookId: z.string().uuid().optional(),
  })
  .meta({ id: 'StartWizard' });

export const PhotoKindSchema = z.enum(['child', 'toy']);

export const UploadedPhotoSchema = z
  .object({ photoId: ImageIdSchema, width: z.number().int(), height: z.number().int() })
  .meta({ id: 'UploadedPhoto' });
export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>;

/**
 * Makes a cover. `look` (hero only) redraws the child as the parent adjusted it in step 2; with the
 * local illustrator that is a cheap drawing and does not count against the cover limits.
 */
export const GenerateCoverSchema = z
  .object({
    kind: z.enum(['hero', 'toy']),
    language: LanguageSchema.default('en'),
    look: ChildLookSchema.optional(),
    /** With a look: the parts the photo did not settle that the parent has not chosen yet. */
    unread: UnreadLookPartsSchema.optional(),
  })
  .refine((body) => body.look === undefined || body.kind === 'hero', {
    message: 'only the hero cover has a look',
    path: ['look'],
  })
  .refine((body) => body.unread === undefined || body.look !== undefined, {
    message: 'unread parts go with a look',
    path: ['unread'],
  })
  .meta({ id: 'GenerateCover' });

/**
 * A made cover; `look` is the drawn child's look when the illustrator draws one (local only), and
 * `unread` the parts of it the photo did not settle (drawn as the default look has them);
 * `versions` are the covers of this step the parent can go back to, this one among them.
 */
export const GeneratedCoverSchema = z
  .object({
    imageId: ImageIdSchema,
    look: ChildLookSchema.optional(),
    unread: UnreadLookPartsSchema.optional(),
    variant: z.number().int().min(0).optional(),
    versions: z.array(CoverVersionSchema).optional(),
  })
  .meta({ id: 'GeneratedCover' });

export const CompletedWizardSchema = z
  .object({ bookInstanceId: z.string().uuid() })
  .meta({ id: 'CompletedWizard' });
