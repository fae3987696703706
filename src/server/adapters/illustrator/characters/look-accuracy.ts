import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  CLOTHES_COLOUR_IDS,
  EYE_COLORS,
  HAIR_COLORS,
  HAIR_STYLES,
  SKIN_TONES,
} from '../../../../shared/domain/child-look';
import { PROJECT_ROOT } from '../../../paths';
import { type LookGuess, readLookGuess } from './read-look';

/**
 * The look reader measured on a labelled set of photos (test and bench support only, decision
 * docs/decisions/025-look-reader-accuracy.md): `test/fixtures/look-set/` holds the photos, their
 * true look (`labels.json`) and their licences (`test/fixtures/look-set/LICENCES.md`).
 */

export const LOOK_SET_DIR = path.join(PROJECT_ROOT, 'test', 'fixtures', 'look-set');

export const LOOK_ATTRIBUTES = ['skin', 'hairColor', 'hairStyle', 'eyeColor', 'top'] as const;
export type LookAttribute = (typeof LOOK_ATTRIBUTES)[number];

/** One value, two neighbouring values (either is right) or null (a person cannot tell). */
const label = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.array(z.enum(values)).min(1).max(2), z.null()]);

const LabelsSchema = z.object({
  photos: z.record(
    z.string().regex(/^[\w.-]+\.jpg$/),
    z.object({
      skin: label(SKIN_TONES),
      hairColor: label(HAIR_COLORS),
      hairStyle: label(HAIR_STYLES),
      eyeColor: label(EYE_COLORS),
      top: label(CLOTHES_COLOUR_IDS),
    }),
  ),
});
export type LookLabels = z.infer<typeof LabelsSchema>['photos'];

export async function loadLookLabels(): Promise<LookLabels> {
  return LabelsSchema.parse(JSON.parse(await fs.readFile(path.join(LOOK_SET_DIR, 'labels.json'), 'utf8')))
    .photos;
}

/** Per attribute: right, abstained (the reader said nothing: the parent picks) and wrong, of `n`. */
export type Tally = { right: number; abstained: number; wrong: number; n: number };
export type LookAccuracy = Record<LookAttribute, Tally> & {
  /** Per photo, what the reader said (for a failing test's message and for tuning). */
  photos: Record<string, LookGuess>;
};

/** Scores one guess against one label: null labels are not counted. */
export function score(
  tally: Tally,
  truth: string | readonly string[] | null,
  said: string | undefined,
): void {
  if (truth === null) return;
  tally.n++;
  if (said === undefined) tally.abstained++;
  else if ((typeof truth === 'string' ? [truth] : truth).includes(said)) tally.right++;
  else tally.wrong++;
}

/** Runs the reader over every labelled photo, one at a time. */
export async function measureLookReader(): Promise<LookAccuracy> {
  const labels = await loadLookLabels();
  const empty = (): Tally => ({ right: 0, abstained: 0, wrong: 0, n: 0 });
  const result: LookAccuracy = {
    skin: empty(),
    hairColor: empty(),
    hairStyle: empty(),
    eyeColor: empty(),
    top: empty(),
    photos: {},
  };
  for (const [file, truth] of Object.entries(labels)) {
    const guess = await readLookGuess(await fs.readFile(path.join(LOOK_SET_DIR, file)));
    result.photos[file] = guess;
    for (const attribute of LOOK_ATTRIBUTES) score(result[attribute], truth[attribute], guess[attribute]);
  }
  return result;
}
