import { ArrowLeft, ArrowRight, BookOpen, BookText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Theme } from '../../../../shared/contracts/catalog';
import type { BookType } from '../../../../shared/domain/statuses';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { buttonClass } from '../../../components/ui/button';
import { isNotFound } from '../../../lib/api-client';
import { useTheme } from '../api/get-theme';
import { themesHref, wizardHref } from '../links';
import { useThemeTexts } from '../theme-texts';
import { AgeBadge, badgeClass } from './age-badge';
import { FavouriteButton } from './favourite-button';
import { FromPrice } from './from-price';
import { LoadError } from './load-error';
import { ThemeGallery, ThemeGallerySkeleton } from './theme-gallery';
import { ThemeNotFound } from './theme-not-found';
import { ThemeReviews } from './theme-reviews';

function BackLink({ type, character }: { type: BookType; character?: string | undefined }) {
  const { t } = useTranslation('themes');
  return (
    <Link
      to={themesHref(type, character)}
      className="inline-flex items-center gap-2 rounded-full font-bold text-ink-700 underline-offset-4 hover:text-coral-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      {t(`detail.back.${type}`)}
    </Link>
  );
}

function ThemeDetailContent({
  theme,
  type,
  character,
}: {
  theme: Theme;
  type: BookType;
  character?: string | undefined;
}) {
  const { t } = useTranslation('themes');
  const texts = useThemeTexts(theme, type);
  return (
    <>
      <div className="mt-6 grid grid-cols-1 items-start gap-8 md:grid-cols-[1.1fr_1fr] md:gap-12">
        <ThemeGallery title={texts.title} images={theme.images} galleryAlt={texts.galleryAlt} />
        <div className="flex flex-col gap-5">
          <p className="flex items-center gap-2 font-bold text-coral-700">
            <BookOpen aria-hidden="true" className="size-5" />
            {texts.product.name}
          </p>
          <div className="flex items-start justify-between gap-4">
            <h1 className="text-4xl leading-tight font-semibold sm:text-5xl">{texts.title}</h1>
            <FavouriteButton themeId={theme.id} type={type} />
          </div>
          {texts.tagline && (
            <p className="text-lg leading-relaxed text-ink-700 sm:text-xl">{texts.tagline}</p>
          )}
          <ul className="flex flex-wrap gap-2">
            <li>
              <AgeBadge ageMin={theme.ageMin} ageMax={theme.ageMax} />
            </li>
            <li>
              <span className={badgeClass}>
                <BookText aria-hidden="true" className="size-4 text-coral-600" />
                {t(`detail.pages.${type}`)}
              </span>
            </li>
            <li>
              <span className={badgeClass}>{t('detail.covers')}</span>
            </li>
          </ul>
          <FromPrice />
          <Link
            to={wizardHref(theme.id, type, character)}
            className={buttonClass({ size: 'lg', className: 'sm:self-start' })}
          >
            {texts.product.button}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
          {texts.description && (
            <section aria-labelledby="theme-about" className="mt-4 border-t border-sand-300 pt-6">
              <h2 id="theme-about" className="text-2xl font-semibold">
                {t('detail.aboutTitle')}
              </h2>
              <p className="mt-3 leading-relaxed text-ink-900">{texts.description}</p>
            </section>
          )}
          {texts.tags.length > 0 && (
            <ul aria-label={t('detail.tags')} className="flex flex-wrap gap-2">
              {texts.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full border-2 border-coral-300 px-3 py-1 text-sm font-bold text-coral-700"
                >
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <ThemeReviews themeId={theme.id} />
    </>
  );
}

function ThemeDetailSkeleton() {
  const { t } = useTranslation('themes');
  return (
    <div
      className="mt-6 grid grid-cols-1 items-start gap-8 md:grid-cols-[1.1fr_1fr] md:gap-12"
      aria-busy="true"
    >
      <span className="sr-only">{t('detail.loading')}</span>
      <ThemeGallerySkeleton />
      <div aria-hidden="true" className="flex flex-col gap-5">
        <div className="h-6 w-32 rounded-full bg-ink-900/10" />
        <div className="h-12 w-4/5 rounded-xl bg-ink-900/10 motion-safe:animate-pulse" />
        <div className="h-16 w-full rounded-xl bg-ink-900/5" />
        <div className="flex gap-2">
          <div className="h-8 w-24 rounded-full bg-ink-900/10" />
          <div className="h-8 w-32 rounded-full bg-ink-900/10" />
        </div>
        <div className="h-8 w-36 rounded-full bg-ink-900/10" />
        <div className="h-14 w-full rounded-full bg-ink-900/10 sm:w-64" />
      </div>
    </div>
  );
}

/**
 * The theme detail page: gallery, texts, favourite, price, product button and reviews. `character`
 * (a reorder's child) is kept in the links to the wizard and back to the list.
 */
export function ThemeDetail({
  themeId,
  type,
  character,
}: {
  themeId: string;
  type: BookType;
  character?: string | undefined;
}) {
  const { t } = useTranslation('themes');
  const theme = useTheme(themeId, type);
  const texts = useThemeTexts(theme.data, type);
  useDocumentTitle(t('meta.detail', { title: texts.title || themeId }));

  if (theme.isError && isNotFound(theme.error)) return <ThemeNotFound type={type} character={character} />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-8 pb-16 sm:px-6 md:pt-10 md:pb-24">
      <BackLink type={type} character={character} />
      {theme.isPending && <ThemeDetailSkeleton />}
      {theme.isError && (
        <div className="mt-6">
          <LoadError
            headingLevel="h1"
            title={t('detail.error.title')}
            text={t('detail.error.text')}
            retryLabel={t('detail.error.retry')}
            onRetry={() => void theme.refetch()}
            retrying={theme.isFetching}
          />
        </div>
      )}
      {theme.data && <ThemeDetailContent theme={theme.data} type={type} character={character} />}
    </div>
  );
}
