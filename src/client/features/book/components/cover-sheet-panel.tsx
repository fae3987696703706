import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookPreview } from '../../../../shared/contracts/book-preview';
import { COVER_TYPES, type CoverType } from '../../../../shared/domain/statuses';
import { cn } from '../../../components/ui/cn';
import { CoverSheetImage } from '../../../components/ui/cover-sheet-image';

// The sheet is as wide as the reader's spread (56rem) on a laptop, the screen on a phone.
const SHEET_SIZES = '(min-width: 960px) 896px, calc(100vw - 2rem)';

/**
 * The binding the reader shows: a paid book's order's; before, the one chosen with the switch, the
 * order's (softcover before checkout) until then.
 */
export function shownBinding(
  book: Pick<BookPreview, 'paid' | 'binding'>,
  chosen: CoverType | undefined,
): CoverType {
  // A paid book prints on its order's binding: nothing to choose any more.
  if (book.paid && book.binding) return book.binding;
  return chosen ?? book.binding ?? 'softcover';
}

/**
 * The whole cover as it prints (issue 31): back, spine and front for the binding of the order, or,
 * before it is ordered, a switch between softcover and hardcover (the checkout's default first). The
 * reader's front cover follows the same switch (book-page.tsx holds it).
 */
export function CoverSheetPanel({
  book,
  binding,
  onBindingChange,
}: {
  book: BookPreview;
  binding: CoverType;
  onBindingChange: (binding: CoverType) => void;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto flex w-full max-w-4xl flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="font-display text-xl font-semibold sm:text-2xl">
          {t('coverSheet.heading')}
        </h2>
        {!book.paid && (
          <fieldset className="flex items-center gap-2">
            <legend className="sr-only">{t('coverSheet.binding')}</legend>
            {COVER_TYPES.map((type) => (
              <label
                key={type}
                className={cn(
                  'cursor-pointer rounded-full border-2 px-4 py-1.5 text-sm font-bold transition-colors',
                  'border-ink-900/15 hover:border-ink-900/35 has-[:checked]:border-coral-600 has-[:checked]:bg-coral-100',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink-900',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-binding`}
                  value={type}
                  checked={binding === type}
                  onChange={() => onBindingChange(type)}
                  className="sr-only"
                />
                {t(`coverSheet.${type}`)}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <CoverSheetImage
        bookInstanceId={book.id}
        binding={binding}
        title={book.title}
        version={book.currentVersion}
        copy={book.copy}
        sizes={SHEET_SIZES}
      />
    </section>
  );
}
