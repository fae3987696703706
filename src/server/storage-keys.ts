import type { BookPictures } from '../shared/domain/book-personalisation';
import { COVER_TYPES, type CoverType } from '../shared/domain/statuses';

/**
 * Every storage key of the shop, in one place (docs/spec.md section 3, stored images). Bucket
 * `instances` holds one folder per book instance; bucket `wizard-temp` one folder per wizard
 * session. Nothing else spells a key: adapters receive them as arguments.
 */

/** Grandparent copies by position (1..3): a gift copy has its own files and print job (issue 18). */
const COPY_POSITIONS = [1, 2, 3] as const;

/**
 * The print files a printer may download: the interior, the ordered cover, a copy's other cover,
 * and a gift copy's own interior and cover (its own dedication or language).
 */
export const PRINT_FILES = [
  'interior.pdf',
  'cover.pdf',
  ...COVER_TYPES.map((type) => `cover-${type}.pdf` as const),
  ...COPY_POSITIONS.flatMap((copy) => [`copy-${copy}-interior.pdf`, `copy-${copy}-cover.pdf`] as const),
] as const;
export type PrintFileName = (typeof PRINT_FILES)[number];

const INPUT = 'input/';
/** The keys (bucket `instances`) of one book instance's files. */
export function instanceKeys(id: string) {
  const folder = `${id}/`;
  const print = `${folder}print/`;
  const childPhoto = `${folder}${INPUT}child_photo.jpg`;
  const toyPhoto = `${folder}${INPUT}toy_photo.jpg`;
  const heroCover = `${folder}intermediate/hero_cover.png`;
  const toyCover = `${folder}intermediate/plush_cover.png`;
  return {
    /** Every file of the book (deleting it deletes the book's files). */
    folder,
    /** The original photos, removed 3 weeks after delivery (docs/product.md retention). */
    inputFolder: `${folder}${INPUT}`,
    childPhoto,
    toyPhoto,
    /** The approved covers of the wizard: the references of every page. */
    heroCover,
    toyCover,
    /** The approved covers drawn again at print size (local illustrator): what the book's covers print. */
    printHeroCover: `${folder}intermediate/hero_cover_print.png`,
    printToyCover: `${folder}intermediate/plush_cover_print.png`,
    /** The print-size hero cover's art without its words: the printed front (docs/decisions/022). */
    printHeroArt: `${folder}intermediate/hero_cover_print_art.png`,
    /** The four pictures as the personalisation names them (`permanentPaths`). */
    pictures: {
      childPhoto,
      toyPhoto,
      generatedHero: heroCover,
      generatedToy: toyCover,
    } satisfies BookPictures,
    page: (position: number, extension: string) => `${folder}pages/${position}.${extension}`,
    /** A page drawn again ("draw this page again"): its own file, the earlier one is kept. */
    pageVariant: (position: number, variant: number, extension: string) =>
      `${folder}pages/${position}-v${variant}.${extension}`,
    pagesFolder: `${folder}pages/`,
    /** The web-sized WebP (or AVIF) of a picture of this book, cached beside the picture's folder. */
    webImage: (sha256: string, width: number, format: 'webp' | 'avif' = 'webp') =>
      `${folder}web/${sha256}-${width}.${format}`,
    printFolder: print,
    printFile: (file: PrintFileName) => `${print}${file}`,
    interior: `${print}interior.pdf`,
    /** The ordered book's cover; a grandparents' copy of the other type gets `cover-{type}.pdf`. */
    cover: `${print}cover.pdf`,
    extraCover: (coverType: CoverType) => `${print}cover-${coverType}.pdf`,
    /** The printed words and the page count, for the profile and for checks. */
    book: `${print}book.json`,
    /** The local printer's job ticket, beside the files it printed. */
    printTicket: `${print}print-job.json`,
    /** A gift copy's own interior and cover (issue 18), when its words differ from the book's. */
    copyInterior: (copy: number) => `${print}copy-${copy}-interior.pdf`,
    copyCover: (copy: number) => `${print}copy-${copy}-cover.pdf`,
    /** The local printer's ticket of a gift copy's own print job. */
    copyTicket: (copy: number) => `${print}print-job-copy-${copy}.json`,
  };
}

/** The keys (bucket `wizard-temp`) of one wizard session's uploads and generated covers. */
export function wizardKeys(sessionId: string) {
  const folder = `${sessionId}/`;
  return {
    folder,
    /** An uploaded photo (jpg) or a generated cover (png), by the id the client knows it by. */
    image: (imageId: string, extension: 'jpg' | 'png') => `${folder}${imageId}.${extension}`,
  };
}

/** The wizard session a `wizard-temp` key belongs to. */
export const wizardSessionOfKey = (key: string): string => key.split('/')[0] ?? key;

/**
 * Where a key of bucket `instances` sits: its book, its path inside the book's folder, and whether
 * it is one of the original photos (with the photo's file name).
 */
export function parseInstanceKey(key: string) {
  const slash = key.indexOf('/');
  if (slash <= 0) return undefined;
  const path = key.slice(slash + 1);
  const photo = path.startsWith(INPUT) ? path.slice(INPUT.length) : undefined;
  return { bookInstanceId: key.slice(0, slash), path, originalPhoto: photo || undefined };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PRINT_FILE_KEY = new RegExp(`^(${UUID})/print/(${PRINT_FILES.join('|').replaceAll('.', '\\.')})$`, 'i');

/** The book and file of a print file's key; undefined for any other key. */
export function parsePrintFileKey(key: string): { bookInstanceId: string; file: PrintFileName } | undefined {
  const match = PRINT_FILE_KEY.exec(key);
  if (!match) return undefined;
  return { bookInstanceId: match[1]!.toLowerCase(), file: match[2] as PrintFileName };
}
