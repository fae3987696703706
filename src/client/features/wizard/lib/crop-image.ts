import { LIMITS } from '../../../../shared/constants';

/** A rectangle of the source image, in its own pixels (react-easy-crop's croppedAreaPixels). */
export type PixelArea = { x: number; y: number; width: number; height: number };

// A printed cover needs no more; it keeps the upload well under the 10 MB limit, however large the
// chosen photo (issue 36: large photos are shrunk here, not refused). Chromium, Firefox and Safari
// draw an <img> turned by its EXIF orientation (CSS image-orientation: from-image by default).
const MAX_SIDE = 2048;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The photo could not be read'));
    image.src = src;
  });
}

/**
 * Draws the chosen square of a photo on a canvas and encodes it as a JPEG at quality 0.95
 * (docs/spec.md section 9). Its own module: jsdom has no canvas, so tests stand in for it.
 */
export async function cropImage(src: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.min(MAX_SIDE, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded'))),
      'image/jpeg',
      LIMITS.cropJpegQuality,
    );
  });
}
