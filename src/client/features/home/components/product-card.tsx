import { ArrowRight, BookOpen, BookText, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BookType } from '../../../../shared/domain/statuses';
import { useLanguage } from '../../../components/layout/use-language';
import { buttonClass } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { productHref } from '../product-href';

const badgeClass =
  'inline-flex items-center gap-1.5 rounded-full bg-lavender-100 px-3 py-1 text-sm font-bold text-ink-900';

const AMOUNT = '\u0000';

type ProductCardProps = {
  type?: BookType;
  /** Age range of the themes offering the book, from the API; no badge while unknown. */
  ages: { min: number; max: number } | undefined;
  agesPending: boolean;
  /** The "from" price in cents, from the API; nothing is shown without it. */
  priceCents: number | undefined;
  pricePending: boolean;
};

/** The storybook: what it is, what you get, the price it starts at and the way to the themes. */
export function ProductCard({
  type = 'storybook',
  ages,
  agesPending,
  priceCents,
  pricePending,
}: ProductCardProps) {
  const { t } = useTranslation('home');
  const { language } = useLanguage();
  // The amount goes where the translation puts it, set larger than the words around it.
  const fromText = t('product.from', { price: AMOUNT }).split(AMOUNT);
  return (
    <article
      aria-labelledby="product-title"
      className="flex flex-col gap-5 rounded-3xl bg-cream-50 p-6 shadow-soft ring-1 ring-sand-300/70 sm:p-8"
    >
      <p className="flex items-center gap-2 font-bold text-coral-700">
        <BookOpen aria-hidden="true" className="size-5" />
        {t('product.eyebrow')}
      </p>
      <h2 id="product-title" className="text-3xl font-semibold sm:text-4xl">
        {t('product.title')}
      </h2>
      <p className="text-lg leading-relaxed text-ink-700">{t('product.description')}</p>
      <ul aria-label={t('product.badges.label')} className="flex min-h-8 flex-wrap gap-2">
        {ages && (
          <li className={badgeClass}>
            <Sparkles aria-hidden="true" className="size-4 text-coral-600" />
            {t('product.badges.ages', { min: ages.min, max: ages.max })}
          </li>
        )}
        {!ages && agesPending && (
          <li aria-hidden="true" className="h-8 w-24 rounded-full bg-ink-900/10 motion-safe:animate-pulse" />
        )}
        <li className={badgeClass}>
          <BookText aria-hidden="true" className="size-4 text-coral-600" />
          {t('product.badges.pages')}
        </li>
        <li className={badgeClass}>{t('product.badges.hardcover')}</li>
        <li className={badgeClass}>{t('product.badges.softcover')}</li>
      </ul>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <div className="flex h-9 shrink-0 items-center" data-testid="product-price">
          {pricePending && (
            <>
              <span
                aria-hidden="true"
                className="h-7 w-36 rounded-full bg-ink-900/10 motion-safe:animate-pulse"
              />
              <span className="sr-only">{t('product.priceLoading')}</span>
            </>
          )}
          {priceCents !== undefined && (
            <p className="flex items-baseline gap-1.5 whitespace-nowrap text-ink-700">
              {fromText[0]}
              <span className="font-display text-3xl font-semibold text-ink-900">
                {formatMoney(priceCents, language)}
              </span>
              {fromText[1]}
            </p>
          )}
        </div>
        {/* A full page load, like every 'build my book' button (docs/spec.md section 2). */}
        <a href={productHref(type)} className={buttonClass({ size: 'lg' })}>
          {t('product.button')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </a>
      </div>
    </article>
  );
}
