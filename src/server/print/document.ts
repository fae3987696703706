import {
  concatTransformationMatrix,
  drawObject,
  type PDFDocument,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import type { Language } from '../../shared/i18n';
import type { PrintImage } from './images';

const PRODUCER = 'Cuddle Tales print module (pdf-lib)';

/** An embedded picture and the size that prints it at exactly 300 ppi. */
export type Picture = { ref: PDFRef; width: number; height: number };

/** Sets title, language, producer and dates of a print PDF. */
export function setMetadata(doc: PDFDocument, title: string, language: Language): void {
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setLanguage(language);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  const now = new Date();
  doc.setCreationDate(now);
  doc.setModificationDate(now);
}

/**
 * Embeds a prepared picture, its bytes unchanged: a JPEG through pdf-lib (which reads only its
 * header), line art as a DeviceGray image XObject with the PNG's own Flate data.
 */
export async function embedPicture(
  doc: PDFDocument,
  image: PrintImage | undefined,
): Promise<Picture | undefined> {
  if (!image) return undefined;
  const size = { width: image.width, height: image.height };
  if (image.data.format === 'jpeg') return { ref: (await doc.embedJpg(image.data.jpeg)).ref, ...size };
  // The data is deflated already (flateStream would deflate it again): write it as it is.
  const raw = doc.context.stream(image.data.flate, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.widthPx,
    Height: image.heightPx,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: image.widthPx },
  });
  return { ref: doc.context.register(raw), ...size };
}

/** Draws an embedded picture over `rect` (points, from the bottom left). */
export function drawPicture(
  page: PDFPage,
  picture: Picture,
  rect: { x: number; y: number; width: number; height: number },
): void {
  const name = page.node.newXObject('Image', picture.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(rect.width, 0, 0, rect.height, rect.x, rect.y),
    drawObject(name),
    popGraphicsState(),
  );
}
