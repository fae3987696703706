import { ArrowLeft, Gift, Languages, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookPreview } from '../../../../shared/contracts/book-preview';

type CopyBannerProps = {
  /** The gift copy as it will print (`copy` set). */
  copy: BookPreview;
  /** The buyer's own book, to tell the copy's own words from the book's (undefined while loading). */
  own: BookPreview | undefined;
  /** The recipient's first name, when the checkout's link said it (a reload falls back to the number). */
  recipient: string | undefined;
  bookInstanceId: string;
};

/** Above a gift copy in the reader (issue 18): which copy, its language, whose dedication; read only. */
export function CopyBanner({ copy, own, recipient, bookInstanceId }: CopyBannerProps) {
  const { t } = useTranslation('book');
  const ownDedication =
    own === undefined
      ? undefined
      : copy.dedication.message !== own.dedication.message ||
        copy.dedication.signature !== own.dedication.signature;
  return (
    <section
      aria-labelledby="copy-banner-title"
      className="flex flex-col gap-3 rounded-3xl bg-coral-100 p-5 ring-1 ring-coral-600/30"
    >
      <h2 id="copy-banner-title" className="flex items-center gap-2 text-xl font-semibold">
        <Gift aria-hidden="true" className="size-5 shrink-0 text-coral-700" />
        {recipient
          ? t('copy.titleFor', { name: recipient, copy: copy.copy })
          : t('copy.title', { copy: copy.copy })}
      </h2>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 font-semibold">
        <li className="flex items-center gap-2">
          <Languages aria-hidden="true" className="size-4 shrink-0 text-coral-700" />
          {t('copy.language', { language: t(`copy.languages.${copy.language}`) })}
        </li>
        {ownDedication !== undefined && (
          <li className="flex items-center gap-2">
            <PenLine aria-hidden="true" className="size-4 shrink-0 text-coral-700" />
            {ownDedication ? t('copy.ownDedication') : t('copy.bookDedication')}
          </li>
        )}
      </ul>
      <p className="text-ink-900">{t('copy.banner')}</p>
      <Link
        to={`/checkout/${encodeURIComponent(bookInstanceId)}?step=3`}
        className="inline-flex min-h-11 items-center gap-2 self-start font-bold text-coral-700 underline underline-offset-4 hover:text-coral-600"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('copy.back')}
      </Link>
    </section>
  );
}
