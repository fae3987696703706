import sharp from 'sharp';
import type { ChildGender } from '../../../shared/domain/cast';
import type { ChildLook } from '../../../shared/domain/child-look';
import type { ToyLook } from '../../../shared/domain/toy-look';
import type { Language } from '../../../shared/i18n';
import { COVER_SIZE } from '../../adapters/illustrator/cover-art';
import type { CoverKind, DrawnCompanion } from '../../adapters/illustrator/index';
import { WORDLESS_COVER_SHARE, wordlessCoverArt } from '../../book/cover-art';
import { RetryableJobError } from '../../jobs/errors';
import { instanceKeys } from '../../storage-keys';
import type { ProductionDeps } from './pipeline';

/**
 * The approved covers drawn again at print size, for the printed front and back cover. The local
 * illustrator draws a cover from vectors, so the same request at a larger size is the same design
 * with the detail of print; its part below the painted words then fills the 2625 px front panel
 * without enlarging. Hosted illustrators draw one picture per request that would differ from the
 * approved one: their approved covers are printed as they are, enlarged (decision 008).
 * The front cover adds the toy beside the child (the wizard draws the child's cover before the toy
 * is chosen): the child's cover without the toy is checked against the approved one, and the
 * front cover with the toy is what the parent reads in the book and approves before paying.
 */
export const PRINT_COVER_PIXELS = Math.ceil(2625 / WORDLESS_COVER_SHARE);

/**
 * How far (`pictureDistance`, over the art below the painted words) the print-size drawing, brought
 * back to the approved cover's size, may be from the approved cover. Measured on the test photo: the
 * same drawing resampled 1.6 (1.8 with the words in French), glasses added 34, another hairstyle
 * and glasses 85.
 */
export const PRINT_COVER_TOLERANCE = 8;

export type PrintCoverInputs = {
  /** The story's folder: the words painted on the covers. */
  themeId: string;
  childPhoto: Buffer | undefined;
  toyPhoto: Buffer | undefined;
  childName: string;
  /** The lead's gender: with companions, the cast's cover words agree with the group. */
  childGender?: ChildGender | undefined;
  toyName: string;
  language: Language;
  look: ChildLook | undefined;
  /**
   * The toy's drawn look: the toy's cover is drawn with it, and the front cover shows the toy beside
   * the child (docs/decisions/021-the-toy-drawn.md); absent, the covers are drawn as before.
   */
  toyLook?: ToyLook | undefined;
  /**
   * The children beside the lead (issue 35): the printed front cover shows the whole cast, as the
   * approved hero cover did.
   */
  companions?: readonly DrawnCompanion[] | undefined;
  /** The approved covers' variants ("Make a new one"); absent is the first cover. */
  variants?: { hero?: number | undefined; toy?: number | undefined } | undefined;
};

/**
 * How far apart two pictures are where they differ most: both brought to 256 px, cut into 16 px
 * blocks, the largest mean |difference| per channel (0–255) of a block. A small change (glasses,
 * another hairstyle) shows in its blocks; resampling the same drawing only blurs edges a little.
 */
export async function pictureDistance(a: Buffer, b: Buffer): Promise<number> {
  const side = 256;
  const block = 16;
  const small = (image: Buffer) =>
    sharp(image).resize(side, side, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [left, right] = await Promise.all([small(a), small(b)]);
  let worst = 0;
  for (let by = 0; by < side; by += block) {
    for (let bx = 0; bx < side; bx += block) {
      let sum = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          for (let c = 0; c < 3; c++) {
            const i = (y * side + x) * 3 + c;
            sum += Math.abs((left[i] ?? 0) - (right[i] ?? 0));
          }
        }
      }
      worst = Math.max(worst, sum / (block * block * 3));
    }
  }
  return worst;
}

/**
 * The book's covers for print: the key of each approved cover drawn again at print size, stored
 * beside it, or the approved cover's own key where it cannot be (a hosted illustrator, no photo
 * any more, or a drawing that does not match the approved one, which is logged).
 */
export async function printSizeCovers(
  deps: Pick<ProductionDeps, 'illustrator' | 'storage' | 'log' | 'signal'>,
  book: { id: string; heroCoverKey: string; toyCoverKey: string; heroCover: Buffer; toyCover: Buffer },
  inputs: PrintCoverInputs,
): Promise<{ heroKey: string; toyKey: string }> {
  if (deps.illustrator.kind !== 'local') return { heroKey: book.heroCoverKey, toyKey: book.toyCoverKey };
  const keys = instanceKeys(book.id);
  const draw = async (
    kind: CoverKind,
    photo: Buffer | undefined,
    approved: Buffer,
    approvedKey: string,
    key: string,
  ) => {
    if (!photo) return approvedKey;
    const hero = kind === 'hero_generation';
    const variant = hero ? inputs.variants?.hero : inputs.variants?.toy;
    const cover = async (toy: ToyLook | undefined, size: number, art: boolean) => {
      const made = await deps.illustrator.generateCover(
        {
          kind,
          photo,
          name: hero ? inputs.childName : inputs.toyName,
          themeId: inputs.themeId,
          language: inputs.language,
          ...(hero && inputs.look ? { look: inputs.look } : {}),
          ...(toy ? { toy } : {}),
          ...(hero && inputs.companions?.length
            ? { companions: inputs.companions, gender: inputs.childGender }
            : {}),
          ...(variant ? { variant } : {}),
          size,
          // The printed front sets the words itself, per binding: the art without them is kept too.
          ...(art ? { art: true } : {}),
        },
        { signal: deps.signal },
      );
      if (!made.ok) throw new RetryableJobError(made.code, `Print-size cover: ${made.message}`);
      return made;
    };
    const result = await cover(inputs.toyLook, PRINT_COVER_PIXELS, hero);
    // The approved child's cover has no toy: the same cover without it is what is compared.
    const compared =
      hero && inputs.toyLook
        ? (await cover(undefined, COVER_SIZE, false)).image
        : await sharp(result.image).resize(COVER_SIZE, COVER_SIZE).png().toBuffer();
    // Compared where it prints: the art below the painted words (the words follow the language).
    const distance = await pictureDistance(
      await wordlessCoverArt(compared),
      await wordlessCoverArt(approved),
    );
    if (distance > PRINT_COVER_TOLERANCE) {
      // Not the design the parent approved (the drawing changed since): print the approved one.
      deps.log.warn(
        { bookInstanceId: book.id, kind, distance: Math.round(distance * 10) / 10 },
        'print-size cover differs from the approved cover: the approved cover is printed enlarged',
      );
      return approvedKey;
    }
    await deps.storage.put('instances', key, result.image, { contentType: 'image/png' });
    if (kind === 'hero_generation' && result.art) {
      await deps.storage.put('instances', keys.printHeroArt, result.art, { contentType: 'image/png' });
    }
    return key;
  };
  const heroKey = await draw(
    'hero_generation',
    inputs.childPhoto,
    book.heroCover,
    book.heroCoverKey,
    keys.printHeroCover,
  );
  const toyKey = await draw(
    'plush_toy_generation',
    inputs.toyPhoto,
    book.toyCover,
    book.toyCoverKey,
    keys.printToyCover,
  );
  return { heroKey, toyKey };
}
