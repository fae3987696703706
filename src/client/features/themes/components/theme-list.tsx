import { BookHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BOOK_TYPES, type BookType } from '../../../../shared/domain/statuses';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useThemes } from '../api/get-themes';
import { themesHref } from '../links';
import { LoadError } from './load-error';
import { ThemeCard, ThemeCardSkeleton } from './theme-card';

function TypeSwitch({ type, character }: { type: BookType; character?: string | undefined }) {
  const { t } = useTranslation('themes');
  return (
    <nav aria-label={t('list.typeNav.label')} className="mt-6">
      <ul className="inline-flex rounded-full bg-cream-50 p-1 shadow-soft ring-1 ring-sand-300/70">
        {BOOK_TYPES.map((option) => (
          <li key={option}>
            <Link
              to={themesHref(option, character)}
              aria-current={option === type ? 'page' : undefined}
              className={cn(
                'inline-flex h-10 items-center rounded-full px-4 text-sm font-bold transition-colors sm:px-5 sm:text-base',
                option === type ? 'bg-ink-900 text-cream-50' : 'text-ink-900 hover:bg-ink-900/5',
              )}
            >
              {t(`list.typeNav.${option}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The themes page: one card per theme offering the book type, with loading, empty and error states.
 * `character` (a reorder's child, `/themes?type=..&character=..`) is carried along every link.
 */
export function ThemeList({ type, character }: { type: BookType; character?: string | undefined }) {
  const { t } = useTranslation(['themes', 'artwork']);
  useDocumentTitle(t(`meta.list.${type}`));
  const themes = useThemes(type);
  const otherType: BookType = type === 'storybook' ? 'coloring' : 'storybook';

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-10 pb-16 sm:px-6 md:pt-14 md:pb-24">
      <header className="max-w-3xl">
        <h1 className="text-4xl leading-tight font-semibold sm:text-5xl">{t(`list.title.${type}`)}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-700 sm:text-xl">{t(`list.intro.${type}`)}</p>
        <TypeSwitch type={type} character={character} />
      </header>

      <div className="mt-10 md:mt-12" aria-busy={themes.isPending}>
        {themes.isPending && (
          <>
            <span className="sr-only">{t('list.loading')}</span>
            <ThemeCardSkeleton />
          </>
        )}
        {themes.isError && (
          <LoadError
            title={t('list.error.title')}
            text={t('list.error.text')}
            retryLabel={t('list.error.retry')}
            onRetry={() => void themes.refetch()}
            retrying={themes.isFetching}
          />
        )}
        {themes.data && themes.data.themes.length === 0 && (
          <div className="flex flex-col items-center rounded-3xl bg-cream-50 px-6 py-12 text-center shadow-soft ring-1 ring-sand-300/70">
            <BookHeart aria-hidden="true" className="size-12 text-coral-600" />
            <h2 className="mt-4 text-2xl font-semibold">{t('list.empty.title')}</h2>
            <p className="mt-2 max-w-md text-ink-700">{t('list.empty.text')}</p>
            <Link
              to={themesHref(otherType, character)}
              className={buttonClass({ size: 'lg', className: 'mt-6' })}
            >
              {t(`list.empty.seeOther.${type}`)}
            </Link>
          </div>
        )}
        {themes.data && themes.data.themes.length > 0 && (
          <ul className="flex flex-col gap-8">
            {themes.data.themes.map((theme, index) => (
              <li key={theme.id}>
                <ThemeCard theme={theme} type={type} eager={index === 0} character={character} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
