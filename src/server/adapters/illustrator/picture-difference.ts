import sharp from 'sharp';

/**
 * How different two pictures of a page look (issue 36: a redraw that came out nearly the same as the
 * picture it replaces does not use one of the parent's redraws): both shrunk to a small picture (the
 * composition and its colours, not the brush strokes), then the mean absolute difference of their
 * pixels' colours, from 0 (the same) to 1 (black against white).
 */

/** The side of the small picture compared: enough to see where the child, the toy and the bed are. */
const SIDE = 64;

/**
 * Below this the parent would call it the same picture. Measured on the local illustrator's 60
 * story pages (issue 36; adapters/illustrator/scenes/variant.test.ts keeps the measure honest): the
 * same composition with its setting's details scattered differs by 0.0 to 1.4 %, a composition
 * mirrored or framed the other way by 4.9 % or more (median about 10 %); characters turned round
 * alone in a bed or on a symmetric setting by under 1 %, which is why those pages pan the camera
 * instead (7 % or more). Every redraw of every page of both stories is now 2 % or more from every
 * drawing before it (variant.test.ts, at 160 px).
 */
export const NEARLY_SAME = 0.02;

const small = (picture: Buffer) =>
  sharp(picture, { limitInputPixels: false })
    .flatten({ background: '#ffffff' })
    .resize(SIDE, SIDE, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();

/** The mean absolute difference of the two small pictures' colours, from 0 to 1. */
export async function pictureDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let at = 0; at < x.length; at++) sum += Math.abs(x[at]! - y[at]!);
  return sum / x.length / 255;
}

/** True when a new picture looks nearly the same as the one it would replace. */
export async function isNearlySame(picture: Buffer, replaced: Buffer): Promise<boolean> {
  return (await pictureDifference(picture, replaced)) < NEARLY_SAME;
}
