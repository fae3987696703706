import sharp from 'sharp';
import { type ChildLook, ChildLookSchema } from '../../../shared/domain/child-look';
import { type ToyLook, ToyLookSchema } from '../../../shared/domain/toy-look';
import { type ArtStyle, drawChild, drawToy, type Figure } from './characters';
import type { CoverRequest, DrawnCompanion, PageRequest } from './index';
import { type CoverSheet, type PageReference, pageReferences } from './prompts';

/**
 * The book's character sheet for the hosted illustrators (docs/decisions/025-look-reader-accuracy.md,
 * issue 30): the child and the toy as the local illustrator draws them (the child standing, facing
 * us; the toy sitting), side by side on white, at the toy's scale beside the child as in the scenes.
 * Sent as a reference image, so a hosted book shows the child and the toy the parent chose, as the
 * offline book does; no pixel of a photo is in it.
 */

/** The sheet's size: square, as the hosted models answer, and small enough to send with every page. */
export const SHEET_SIZE = 1024;

/** The toy beside the child at the scale the scenes draw it (decision 021: 0.74 of the child's). */
const TOY_SCALE = 0.74;
const MARGIN = 64;

export type SheetCharacters = {
  child?: ChildLook | undefined;
  toy?: ToyLook | undefined;
  /** The children beside the lead (issue 35), after the lead and its toy, each with its own toy. */
  companions?: readonly DrawnCompanion[] | undefined;
};

/** Places the figures on one ground line, scaled together to fit the square with a margin. */
function layout(figures: { figure: Figure; scale: number }[]): string {
  const gap = 48;
  const width = figures.reduce((sum, f) => sum + f.figure.width * f.scale, 0) + gap * (figures.length - 1);
  const height = Math.max(...figures.map((f) => f.figure.height * f.scale));
  const fit = Math.min((SHEET_SIZE - 2 * MARGIN) / width, (SHEET_SIZE - 2 * MARGIN) / height);
  let x = (SHEET_SIZE - width * fit) / 2;
  const ground = (SHEET_SIZE + height * fit) / 2;
  return figures
    .map(({ figure, scale }) => {
      const s = scale * fit;
      const placed = `<g transform="translate(${x.toFixed(1)} ${(ground - figure.height * s).toFixed(1)}) scale(${s.toFixed(4)})">${figure.svg}</g>`;
      x += figure.width * s + gap * fit;
      return placed;
    })
    .join('');
}

/** The sheet as SVG; undefined when there is nothing to draw (neither look given). */
export function referenceSheetSvg(characters: SheetCharacters, style: ArtStyle): string | undefined {
  const figures: { figure: Figure; scale: number }[] = [];
  if (characters.child)
    figures.push({
      figure: drawChild({
        look: characters.child,
        pose: 'standing',
        expression: 'happy',
        style,
        outfit: 'day',
      }),
      scale: 1,
    });
  if (characters.toy)
    figures.push({
      figure: drawToy({ look: characters.toy, pose: 'sitting', style, facing: 'left' }),
      scale: characters.child ? TOY_SCALE : 1,
    });
  for (const companion of characters.companions ?? []) {
    figures.push({
      figure: drawChild({
        look: companion.look,
        pose: 'standing',
        expression: 'happy',
        style,
        outfit: 'day',
      }),
      scale: 1,
    });
    if (companion.toy)
      figures.push({
        figure: drawToy({ look: companion.toy, pose: 'sitting', style, facing: 'left' }),
        scale: TOY_SCALE,
      });
  }
  if (figures.length === 0) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEET_SIZE}" height="${SHEET_SIZE}" viewBox="0 0 ${SHEET_SIZE} ${SHEET_SIZE}"><rect width="${SHEET_SIZE}" height="${SHEET_SIZE}" fill="#ffffff"/>${layout(figures)}</svg>`;
}

/** The sheet as a PNG, or undefined when neither look is given (the covers are the references then). */
export async function renderReferenceSheet(
  characters: SheetCharacters,
  style: ArtStyle,
): Promise<Buffer | undefined> {
  const svg = referenceSheetSvg(characters, style);
  return svg ? sharp(Buffer.from(svg)).png().toBuffer() : undefined;
}

/**
 * A page's reference images in the order the prompt names them (`pageReferences`): the sheet drawn
 * in the page's own style (line art for a coloring page), then the covers and page 1 as given.
 */
export async function pageReferenceImages(
  request: Pick<
    PageRequest,
    'child' | 'toy' | 'firstPage' | 'heroCover' | 'toyCover' | 'style' | 'companions'
  >,
): Promise<{ kind: PageReference; image: Buffer }[]> {
  const images: { kind: PageReference; image: Buffer }[] = [];
  for (const kind of pageReferences(request)) {
    const image =
      kind === 'sheet'
        ? await renderReferenceSheet(
            { child: request.child?.look, toy: request.toy?.look, companions: request.companions },
            request.style,
          )
        : kind === 'hero-cover'
          ? request.heroCover
          : kind === 'toy-cover'
            ? request.toyCover
            : request.firstPage;
    if (image) images.push({ kind, image });
  }
  return images;
}

/**
 * A cover's images: a hero cover sends the photo (the face) and, when the parent chose a look, the
 * sheet after it; a toy cover with a chosen look sends only the sheet, never the toy's photo.
 */
export async function coverImages(
  request: Pick<CoverRequest, 'kind' | 'photo' | 'look' | 'toy' | 'companions'>,
): Promise<{ photo?: Buffer | undefined; sheet?: { image: Buffer; shows: CoverSheet } | undefined }> {
  const hero = request.kind === 'hero_generation';
  // A look that is not one of the options is left out (the photo is the reference then).
  const child = hero ? ChildLookSchema.safeParse(request.look).data : undefined;
  const toy = ToyLookSchema.safeParse(request.toy).data;
  const companions = hero && request.companions?.length ? request.companions : undefined;
  const shows = {
    child: child !== undefined,
    toy: toy !== undefined,
    ...(companions ? { companions: companions.length } : {}),
  };
  const image = await renderReferenceSheet({ child, toy, companions }, 'color');
  const sheet = image ? { image, shows } : undefined;
  return { photo: hero || !sheet ? request.photo : undefined, sheet };
}
