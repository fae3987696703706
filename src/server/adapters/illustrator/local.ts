import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ChildLookSchema, DEFAULT_CHILD_LOOK } from '../../../shared/domain/child-look';
import type { ErrorCode } from '../../../shared/domain/errors';
import {
  DEFAULT_TOY_LOOK,
  defaultToyLook,
  type ToyLook,
  ToyLookSchema,
} from '../../../shared/domain/toy-look';
import { coverLines, FIRST_STORY } from '../../stories/book-words';
import { coverSceneOf } from '../../stories/catalogue';
import {
  type ChildOptions,
  drawChild,
  drawToy,
  type Figure,
  readChildLookNoting,
  type ToyOptions,
} from './characters';
import { COVER_IMPRINT, COVER_SIZE, renderCoverParts, seedFrom } from './cover-art';
import type { CoverKind, CoverRequest, CoverResult, DrawnCompanion, Illustrator, PageRequest } from './index';
import { checkPageRequest } from './page-request';
import {
  createPhotoChecker,
  type PhotoChecker,
  type PhotoCheckResult,
  UndecodablePhotoError,
} from './photo-check';
import { renderScenePage, type SceneCompanion } from './scenes';
import { redrawScene } from './scenes/variant';

/**
 * The embedded default illustrator (docs/product.md: the child drawn as a character from features read
 * off the photo, the toy drawn from its kind, colours and feature; no pixel of a photo in the book,
 * docs/decisions/021-the-toy-drawn.md). It checks the photo offline with a small detection model,
 * then draws the cover around the drawn child (its look read off the photo, or the parent's; the
 * toy beside it when its look is given) or the drawn toy (characters/); the pages are vector
 * scenes drawn from the story's scene data at print size with the same characters (scenes/). Same
 * request, same PNG, byte for byte, at any size.
 */

/** Longest name that still reads on the cover. */
const MAX_NAME_LENGTH = 40;
/** Photos above this many pixels are refused before decoding (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;

const MESSAGES = {
  noName: 'A name is required.',
  longName: `The name is too long (at most ${MAX_NAME_LENGTH} characters).`,
  noPhoto: 'No picture provided.',
  badPhoto: 'The photo could not be read. Please upload a JPEG, PNG or WebP image.',
  noPerson: 'No person was detected in the photo. Please upload a photo that clearly shows the child.',
  noToy: 'No plush toy was detected in the photo. Please upload a photo that clearly shows the toy.',
  timeout: 'The illustration took longer than expected. Please try again.',
  failed: 'The illustration could not be generated. Please try again in a moment.',
  cast: 'The children beside the lead are not valid.',
  toyLook: "The toy's look is not valid.",
} as const;

const fail = (code: ErrorCode, message: string): CoverResult => ({ ok: false, code, message });

/** The name as printed: trimmed, single spaces, composed accents. */
function cleanName(name: unknown): string {
  return typeof name === 'string' ? name.normalize('NFC').replace(/\s+/g, ' ').trim() : '';
}

/** Decodes the whole photo once: a header that parses is not enough (a truncated JPEG is not a photo). */
async function isDecodable(photo: Buffer): Promise<boolean> {
  try {
    await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .resize(32, 32, { fit: 'inside' })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * What "Make a new one" changes, in turn with the sky (cover-art SKIES): the pose and mood of the
 * drawn child or toy. Variant 0 is the first cover as it always was.
 */
const HERO_VARIANTS = [
  { pose: 'waving', expression: 'happy' },
  { pose: 'pointing', expression: 'curious', facing: 'left' },
  { pose: 'reaching', expression: 'laughing' },
  { pose: 'standing', expression: 'brave', facing: 'left' },
  { pose: 'walking', expression: 'happy' },
] as const satisfies readonly Pick<ChildOptions, 'pose' | 'expression' | 'facing'>[];
const TOY_VARIANTS = [
  { pose: 'sitting' },
  { pose: 'waving', facing: 'left' },
  { pose: 'hopping' },
  { pose: 'guarding', facing: 'left' },
  { pose: 'flying' },
] as const satisfies readonly Pick<ToyOptions, 'pose' | 'facing'>[];

/** A cover request's variant: a whole number from 0, anything else is the first cover. */
function coverVariant(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** How many photos' check verdicts are kept (the photos being made into covers just now). */
const MAX_VERDICTS_KEPT = 64;

/** The largest cover drawn (print size with room to spare); larger requests are refused. */
const MAX_COVER_SIZE = 4096;

/**
 * The companions as a page draws them: an older child a little taller than the lead, a younger one a
 * little smaller (about 4 % a year, within a fifth either way); without both ages, as tall as the lead.
 */
export function sceneCompanions(
  companions: readonly DrawnCompanion[],
  leadAge: number | undefined,
): SceneCompanion[] {
  return companions.map((companion) => ({
    look: companion.look,
    toy: companion.toy,
    scale:
      companion.age !== undefined && leadAge !== undefined
        ? Math.min(1.15, Math.max(0.8, 1 + 0.04 * (companion.age - leadAge)))
        : 1,
  }));
}

/**
 * The companions as the hero cover draws them: standing, waving to the reader, or hugging their toy,
 * turned towards the lead in the middle of the row.
 */
function coverCast(
  request: Pick<CoverRequest, 'companions' | 'age'>,
  firstSide: 'left' | 'right',
): { figure: Figure; scale: number }[] | undefined {
  const companions = request.companions ?? [];
  if (companions.length === 0) return undefined;
  const leadAge = request.age;
  const scales = sceneCompanions(companions, leadAge);
  return companions.slice(0, 2).map((companion, index) => {
    // Two children: the companion on the side away from the toy; three: one on each side.
    const side = companions.length === 1 ? firstSide : index === 0 ? 'left' : 'right';
    const facing = side === 'left' ? 'right' : 'left';
    const child = drawChild({
      look: companion.look,
      style: 'color',
      outfit: 'day',
      pose: companion.toy ? 'hugging' : 'waving',
      expression: 'happy',
      facing,
    });
    if (!companion.toy) return { figure: child, scale: scales[index]!.scale ?? 1 };
    const toy = drawToy({ look: companion.toy, style: 'color', pose: 'held', facing });
    const k = 0.74;
    const tx = child.anchors.arms.x - toy.anchors.arms.x * k;
    const ty = child.anchors.arms.y - toy.anchors.arms.y * k;
    return {
      figure: {
        ...child,
        svg: `${child.svg}<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${k})">${toy.svg}</g>`,
      },
      scale: scales[index]!.scale ?? 1,
    };
  });
}

/** On the hero cover, the toy beside the child, turned towards them (the side the variant leaves free). */
function toyBeside(variant: number, toy: ToyLook | undefined) {
  const heroVariant = HERO_VARIANTS[variant % HERO_VARIANTS.length]!;
  const toySide = 'facing' in heroVariant && heroVariant.facing === 'left' ? 'right' : 'left';
  const companion = toy
    ? ({
        figure: drawToy({
          look: toy,
          style: 'color',
          pose: 'sitting',
          facing: toySide === 'left' ? 'right' : 'left',
        }),
        side: toySide,
      } as const)
    : undefined;
  return { toySide, companion };
}

/** At most two companions, each look and toy one the wizard offers (absent: none). */
/**
 * The hero cover's cast for its words (docs/decisions/030-siblings.md): the lead and the companions
 * with their genders, or undefined for a cover of one child.
 */
function coverWordsCast(request: CoverRequest, leadName: string) {
  if (!request.companions?.length) return undefined;
  return [
    { name: leadName, gender: request.gender ?? 'male' },
    ...request.companions.map((companion) => ({
      name: cleanName(companion.name ?? ''),
      gender: companion.gender ?? 'male',
    })),
  ] as const;
}

function companionsValid(companions: readonly DrawnCompanion[] | undefined): boolean {
  if (companions === undefined) return true;
  return (
    companions.length <= 2 &&
    companions.every(
      (companion) =>
        ChildLookSchema.safeParse(companion?.look).success &&
        (companion.toy === undefined || ToyLookSchema.safeParse(companion.toy).success),
    )
  );
}

export type LocalIllustratorOptions = {
  /** The offline photo check; by default the detection model, loaded on first use. */
  photoChecker?: PhotoChecker;
};

/**
 * The photo check with its verdicts kept: the wizard checks a photo on upload, then again when the
 * cover is drawn from it, so the first cover does not wait for the check twice (issue 36).
 */
function keptPhotoCheck(given: PhotoChecker | undefined) {
  let checker = given;
  const verdicts = new Map<string, PhotoCheckResult>();
  return async (kind: CoverKind, photo: Buffer): Promise<PhotoCheckResult> => {
    const key = `${kind}:${createHash('sha256').update(photo).digest('hex')}`;
    const known = verdicts.get(key);
    if (known) return known;
    checker ??= createPhotoChecker();
    const verdict = kind === 'hero_generation' ? await checker.hasPerson(photo) : await checker.hasToy(photo);
    if (verdicts.size >= MAX_VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(key, verdict);
    return verdict;
  };
}

export function createLocalIllustrator(options: LocalIllustratorOptions = {}): Illustrator {
  const check = keptPhotoCheck(options.photoChecker);

  return {
    kind: 'local',
    checkPhoto: check,
    async generateCover(request: CoverRequest, callOptions?: { signal?: AbortSignal }): Promise<CoverResult> {
      const signal = callOptions?.signal;
      const name = cleanName(request.name);
      if (!name) return fail('VALIDATION_MISSING_PARAM', MESSAGES.noName);
      if ([...name].length > MAX_NAME_LENGTH) return fail('VALIDATION_INVALID_PARAM', MESSAGES.longName);
      if (request.kind !== 'hero_generation' && request.kind !== 'plush_toy_generation')
        return fail('VALIDATION_INVALID_PARAM', `Unknown cover kind: ${String(request.kind)}`);
      if (!Buffer.isBuffer(request.photo) || request.photo.length === 0)
        return fail('VALIDATION_MISSING_PARAM', MESSAGES.noPhoto);
      if (!(await isDecodable(request.photo))) return fail('IMAGE_INVALID_FORMAT', MESSAGES.badPhoto);
      const size = request.size ?? COVER_SIZE;
      if (!Number.isInteger(size) || size < 256 || size > MAX_COVER_SIZE)
        return fail(
          'VALIDATION_INVALID_PARAM',
          `The cover size must be whole pixels from 256 to ${MAX_COVER_SIZE}.`,
        );
      const given = request.look === undefined ? undefined : ChildLookSchema.safeParse(request.look);
      if (given && !given.success) return fail('VALIDATION_INVALID_PARAM', 'The child look is not valid.');
      const toyGiven = request.toy === undefined ? undefined : ToyLookSchema.safeParse(request.toy);
      if ((toyGiven && !toyGiven.success) || !companionsValid(request.companions))
        return fail(
          'VALIDATION_INVALID_PARAM',
          toyGiven?.success === false ? MESSAGES.toyLook : MESSAGES.cast,
        );
      if (signal?.aborted) return fail('AI_TIMEOUT', MESSAGES.timeout);

      try {
        const verdict = await check(request.kind, request.photo);
        if (!verdict.ok) {
          return request.kind === 'hero_generation'
            ? fail('AI_INVALID_IMAGE_NO_PERSON', MESSAGES.noPerson)
            : fail('AI_INVALID_IMAGE_NO_TOY', MESSAGES.noToy);
        }
        if (signal?.aborted) return fail('AI_TIMEOUT', MESSAGES.timeout);

        const hero = request.kind === 'hero_generation';
        const lines = coverLines(
          request.themeId ?? FIRST_STORY,
          request.language,
          hero ? 'hero' : 'toy',
          name,
          hero ? coverWordsCast(request, name) : undefined,
        );
        // The photo is only read (the child's look): the cover shows drawn characters, never the
        // photo's pixels. The toy is drawn from its look (the default teddy, named kind, when none).
        // A look read off the photo says which parts it could not tell (wizard step 2 asks for them).
        const read = hero && !given ? await readChildLookNoting(request.photo) : undefined;
        const look = hero ? (given?.data ?? read?.look) : undefined;
        const variant = coverVariant(request.variant);
        const figure = look
          ? drawChild({
              look,
              style: 'color',
              outfit: 'day',
              ...HERO_VARIANTS[variant % HERO_VARIANTS.length]!,
            })
          : drawToy({
              look: toyGiven?.data ?? defaultToyLook({ toyName: name }),
              style: 'color',
              ...TOY_VARIANTS[variant % TOY_VARIANTS.length]!,
            });
        const { toySide, companion } = toyBeside(variant, look ? toyGiven?.data : undefined);
        if (signal?.aborted) return fail('AI_TIMEOUT', MESSAGES.timeout);
        const parts = await renderCoverParts(
          {
            theme: hero ? 'hero' : 'toy',
            title: lines.title,
            subtitle: lines.subtitle,
            imprint: COVER_IMPRINT[request.language],
            figure,
            companion,
            // The whole cast on the hero cover (issue 35): each child beside the lead turned to it.
            cast: look ? coverCast(request, toySide === 'left' ? 'right' : 'left') : undefined,
            size,
            // The art depends on who is on the cover, not on the language: EN and FR share a scene.
            // The first cover keeps its seed of old (approved covers are drawn again at print size).
            seed: seedFrom(variant === 0 ? `${request.kind}:${name}` : `${request.kind}:${name}:${variant}`),
            variant,
            scene: coverSceneOf(request.themeId),
          },
          { art: request.art === true },
        );
        if (signal?.aborted) return fail('AI_TIMEOUT', MESSAGES.timeout);
        const image = parts.image;
        return {
          ok: true,
          image,
          mimeType: 'image/png',
          ...(look ? { look } : {}),
          ...(read ? { unread: read.unread } : {}),
          ...(parts.art ? { art: parts.art } : {}),
        };
      } catch (error) {
        if (error instanceof UndecodablePhotoError) return fail('IMAGE_INVALID_FORMAT', MESSAGES.badPhoto);
        return fail('AI_GENERATION_FAILED', MESSAGES.failed);
      }
    },

    async illustratePage(request: PageRequest, callOptions?: { signal?: AbortSignal }): Promise<CoverResult> {
      const signal = callOptions?.signal;
      const refused = checkPageRequest(request);
      if (refused) return refused;
      if (signal?.aborted) return fail('AI_TIMEOUT', MESSAGES.timeout);
      try {
        // No photo check here: the covers were checked and approved. The language does not matter,
        // the pages carry no text. The toy is drawn from its look, never from its photo.
        const toy = request.toy?.look ?? DEFAULT_TOY_LOOK;
        const variant = request.variant ?? 0;
        const cast = {
          look: request.child?.look ?? DEFAULT_CHILD_LOOK,
          toy,
          companions: sceneCompanions(request.companions ?? [], request.child?.age),
        };
        // A redraw is another composition: mirrored, framed the other way, or both (scenes/variant.ts).
        const scene = variant ? await redrawScene({ ...cast, scene: request.scene }, variant) : request.scene;
        const image = await renderScenePage({
          ...cast,
          scene,
          variant,
          style: request.style,
          size: request.size,
        });
        if (signal?.aborted) return fail('AI_TIMEOUT', MESSAGES.timeout);
        return { ok: true, image, mimeType: 'image/png' };
      } catch {
        return fail('AI_GENERATION_FAILED', MESSAGES.failed);
      }
    },
  };
}
