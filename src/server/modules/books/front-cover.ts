import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { backCoverPosition, FRONT_COVER, storyPosition } from '../../../shared/domain/book-pages';
import { isPaymentOpen } from '../../../shared/domain/orders';
import type { CoverType } from '../../../shared/domain/statuses';
import { approvedCoverArt } from '../../book/cover-art';
import { type BookPlan, planFromVersion } from '../../book/plan';
import type { BookVersion } from '../../book/versions';
import { encodeForWeb, type WebImageFormat } from '../../book/web-image';
import { bookNames } from '../../book/words';
import { type BookVersionTexts, orders } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { instanceKeys } from '../../storage-keys';
import { orderCoverTypes } from '../production/pipeline';
import { frontCoverPicture } from '../production/print-files';
import type { BooksDeps, Instance } from './service';

// The covers as they print, on screen (issue 31, docs/decisions/027-the-cover-sheet-on-screen.md):
// what the reader's front cover and the cover sheet (cover-sheet.ts) are drawn from.

/** Changes when the front cover picture is drawn otherwise: pictures made before are not read again. */
const FRONT_REVISION = 1;

/**
 * The bindings printed from the same interior as the cover of `binding` (the book's, or gift copy
 * `copy`'s): the interior is padded for the largest of their minimums (print-files.ts
 * `printedPageCount`), so a 20-page coloring book whose order prints a softcover book and hardcover
 * copies has 32 pages, and its hardcover's spine is a 32-page spine. No order yet: `binding` alone.
 * A copy with words of its own prints its own interior, for its binding alone.
 */
export async function printedWith(
  deps: BooksDeps,
  bookInstanceId: string,
  binding: CoverType,
  copy?: { own: boolean },
): Promise<CoverType[]> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.bookInstanceId, bookInstanceId))
    .limit(1);
  if (!order) return [binding];
  const types = await orderCoverTypes(deps.db, order);
  if (copy) return copy.own ? [binding] : [binding, types.main];
  return types.copy ? [binding, types.copy] : [binding];
}

/**
 * The binding the reader's front cover shows: until the book is paid, the one the reader's
 * Softcover/Hardcover switch asks for (`asked`, as the cover sheet beside it); else the order's (a
 * gift copy: the copies'), softcover before there is one.
 */
export async function frontBinding(
  deps: BooksDeps,
  bookInstanceId: string,
  copy: boolean,
  asked?: CoverType,
): Promise<CoverType> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.bookInstanceId, bookInstanceId))
    .limit(1);
  if (asked && !copy && (!order || isPaymentOpen(order.paymentStatus))) return asked;
  if (!order) return 'softcover';
  const types = await orderCoverTypes(deps.db, order);
  return (copy ? types.copy : types.main) ?? 'softcover';
}

/** What a cover's pictures and words are made from: the current version's (or a gift copy's). */
export async function coverSourceOf(
  deps: BooksDeps,
  instance: Instance,
  current: BookVersion,
  variant: { plan: BookPlan; texts: BookVersionTexts } | undefined,
) {
  const texts = variant?.texts ?? current.texts;
  const plan = variant?.plan ?? (await planFromVersion(instance, current.texts, { texts: current.texts }));
  const storyPages = plan.story.pages.length;
  const front = current.pictures[FRONT_COVER];
  const toy = current.pictures[backCoverPosition(storyPages)];
  const last = current.pictures[storyPosition(storyPages)];
  if (!front) throw notFound('Cover');
  const read = async (key: string) => {
    const file = await deps.storage.get('instances', key);
    if (!file) throw new AppError('IMAGE_NOT_FOUND', 'This picture is no longer available.');
    return file.data;
  };
  return { texts, plan, storyPages, front, toy, last, read };
}

/** The words a cover prints, for its cache tag: a book of one child's tag stays as it was. */
export const coverWordsTag = (texts: BookVersionTexts, language: string) => [
  language,
  texts.title,
  texts.subtitle,
  texts.childName,
  texts.toyName,
  // A cast's companions' names (issue 35); nothing for one child.
  ...(texts.companionNames ?? []),
];

/**
 * The tag of the reader's front cover picture (its address and its cache key): the approved
 * picture, the words printed on it and the binding. New names, a gift copy's language or another
 * binding: another picture.
 */
export function frontCoverTag(
  sha256: string,
  texts: BookVersionTexts,
  language: string,
  binding: CoverType,
): string {
  return createHash('sha256')
    .update([FRONT_REVISION, sha256, binding, ...coverWordsTag(texts, language)].join('\n'))
    .digest('hex');
}

/**
 * The reader's front cover (issue 31): the front of the printed cover, the version's words (a gift
 * copy's, in its language) set on the approved art where the cover PDF sets them, for the binding
 * the order prints (before it is paid, the binding `asked` by the reader's switch; softcover
 * before one is chosen), as a square WebP `width` pixels wide (a
 * hardcover's board, 0.125 in taller than wide, loses a sixteenth of an inch at head and foot,
 * outside the words' safe area). The caller has checked the book is theirs (or an operator's).
 */
export async function frontCoverImage(
  deps: BooksDeps,
  instance: Instance,
  current: BookVersion,
  variant: { plan: BookPlan; texts: BookVersionTexts; own: boolean } | undefined,
  width: number,
  asked?: CoverType,
  format: WebImageFormat = 'webp',
): Promise<Buffer> {
  const { texts, plan, storyPages, front, read } = await coverSourceOf(deps, instance, current, variant);
  const binding = await frontBinding(deps, instance.id, variant !== undefined, asked);
  const bindings = await printedWith(deps, instance.id, binding, variant);
  const tag = frontCoverTag(front.sha256, texts, plan.language, binding);
  const cacheKey = instanceKeys(instance.id).webImage(`${tag.slice(0, 32)}-front-cover`, width, format);
  const cached = await deps.storage.get('instances', cacheKey);
  if (cached) return cached.data;
  const [heroCover, heroArt] = await Promise.all([
    read(front.key),
    approvedCoverArt(deps.storage, instance.id, current),
  ]);
  const png = await frontCoverPicture(
    {
      themeId: plan.themeId,
      language: plan.language,
      names: bookNames(texts, plan.metadata),
      heroCover,
      heroArt,
    },
    binding,
    bindings,
    storyPages,
    width,
  );
  const encoded = await encodeForWeb(sharp(png).resize(width, width, { fit: 'cover' }), format);
  await deps.storage.put('instances', cacheKey, encoded, { contentType: `image/${format}` });
  return encoded;
}
