import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { Language } from '../../shared/i18n';
import type { PrintImage } from './images';

export const PRODUCER = 'Cuddle Tales print module (pdf-lib)';

/** An embedded picture and the size that prints it at exactly 300 ppi. */
export type Picture = { pdf: PDFImage; width: number; height: number };

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

/** Embeds a prepared JPEG (pdf-lib reads only its header: the bytes go into the PDF unchanged). */
export async function embedPicture(
  doc: PDFDocument,
  image: PrintImage | undefined,
): Promise<Picture | undefined> {
  if (!image) return undefined;
  return { pdf: await doc.embedJpg(image.jpeg), width: image.width, height: image.height };
}
