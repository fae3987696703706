// The state a server-painted page hands the app (its language, texts and API reads), written short
// where the address rule makes it long (issue 33): a reader's book lists each page's picture at five
// widths, ~170 addresses that are two thirds of its state, and a phone reads the whole page before it
// asks for the first picture. Such a list goes as `{"$pictures": [base, book, position, tag, candidate]}`
// and comes back whole: it is written short only where `previewImages` makes exactly that list again.
import { type PreviewImage, previewImages } from './contracts/book-preview';

const PICTURES = '$pictures';
const PICTURE_ADDRESS = /^(.+)\/([^/]+)\/pages\/(\d+)\/image\?w=\d+(&candidate=1)?&v=([^&]+)$/;

type ShortPictures = [base: string, bookId: string, position: number, tag: string, candidate: 0 | 1];

function isPictureList(value: unknown): value is PreviewImage[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (image) =>
        typeof image === 'object' && image !== null && typeof image.url === 'string' && 'width' in image,
    )
  );
}

function shorten(images: PreviewImage[]): { [PICTURES]: ShortPictures } | null {
  const match = PICTURE_ADDRESS.exec(images[0]?.url ?? '');
  if (!match) return null;
  const [, base, bookId, position, candidate, tag] = match as unknown as string[];
  const short: ShortPictures = [base!, bookId!, Number(position), tag!, candidate ? 1 : 0];
  const again = previewImages(short[0], short[1], short[2], short[3], short[4] === 1);
  return JSON.stringify(again) === JSON.stringify(images) ? { [PICTURES]: short } : null;
}

/** The painted page's state as JSON, each list of a page's pictures written short. */
export function writePaintedState(state: unknown): string {
  return JSON.stringify(state, (_key, value: unknown) =>
    isPictureList(value) ? (shorten(value) ?? value) : value,
  );
}

/** The painted page's state read back as it was before `writePaintedState`. */
export function readPaintedState<State>(json: string): State {
  return JSON.parse(json, (_key, value: unknown) => {
    const short =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[PICTURES] : undefined;
    if (!Array.isArray(short)) return value;
    const [base, bookId, position, tag, candidate] = short as ShortPictures;
    return previewImages(base, bookId, position, tag, candidate === 1);
  }) as State;
}
