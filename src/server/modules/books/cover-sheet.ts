import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { CoverSheetWidth } from '../../../shared/contracts/book-preview';
import type { CoverType } from '../../../shared/domain/statuses';
import { approvedCoverArt } from '../../book/cover-art';
import { versionById } from '../../book/versions';
import { bookNames } from '../../book/words';
import { notFound } from '../../errors';
import { instanceKeys } from '../../storage-keys';
import { coverSheetPicture, printedPageCount } from '../production/print-files';
import { coverSourceOf, coverWordsTag, printedWith } from './front-cover';
import { type BooksDeps, giftCopyVariant, ownBook } from './service';

/** Changes when the sheet is drawn otherwise: pictures made before are not read again. */
const SHEET_REVISION = 2;
/**
 * The caller's book's whole cover as it prints on `binding` (issue 31): back, spine and front of the
 * current version, for the page count the book prints with, drawn by the print code from the same
 * plan as the cover PDF (print/cover-sheet.ts), as WebP `width` pixels wide; made once per words,
 * pictures, binding and width, and kept in the book's storage folder like the page images. A gift
 * copy (`copy`) gets its own words (its language). Another account's book is 404, decided in SQL.
 */
export async function coverSheetImage(
  deps: BooksDeps,
  userId: string,
  id: string,
  binding: CoverType,
  width: CoverSheetWidth,
  copy?: number,
): Promise<Buffer> {
  const instance = await ownBook(deps.db, userId, id);
  const current = await versionById(deps.db, instance.id, instance.currentVersionId);
  if (!current) throw notFound('Cover sheet');
  const variant =
    copy === undefined ? undefined : await giftCopyVariant(deps, userId, instance, current, copy);
  const { texts, plan, storyPages, front, toy, last, read } = await coverSourceOf(
    deps,
    instance,
    current,
    variant,
  );
  if (!toy) throw notFound('Cover sheet');
  const bindings = await printedWith(deps, instance.id, binding, variant);
  const tag = createHash('sha256')
    .update(
      [
        SHEET_REVISION,
        binding,
        front.sha256,
        toy.sha256,
        last?.sha256 ?? '',
        plan.style,
        ...coverWordsTag(texts, plan.language),
        storyPages,
        printedPageCount(storyPages, bindings),
      ].join('\n'),
    )
    .digest('hex');
  const cacheKey = instanceKeys(instance.id).webImage(`${tag.slice(0, 32)}-sheet`, width);
  const cached = await deps.storage.get('instances', cacheKey);
  if (cached) return cached.data;
  const [heroCover, toyCover, lastPicture, heroArt] = await Promise.all([
    read(front.key),
    read(toy.key),
    last && plan.style === 'color' ? read(last.key) : undefined,
    approvedCoverArt(deps.storage, instance.id, current),
  ]);
  const png = await coverSheetPicture(
    {
      themeId: plan.themeId,
      language: plan.language,
      story: plan.story,
      bookType: plan.bookType,
      names: bookNames(texts, plan.metadata),
      heroCover,
      heroArt,
      toyCover,
      style: plan.style,
      lastPicture,
    },
    binding,
    bindings,
    storyPages,
    width,
  );
  const webp = await sharp(png).webp({ quality: 82 }).toBuffer();
  await deps.storage.put('instances', cacheKey, webp, { contentType: 'image/webp' });
  return webp;
}
