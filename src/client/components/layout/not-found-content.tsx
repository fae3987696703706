import { House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { useDocumentTitle } from './use-document-title';

/** "Page not found" with the way home: the 404 page, and any screen that is not there for this visitor. */
export function NotFoundContent() {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('notFound.metaTitle'));
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:px-6 md:py-24">
      <img src="/brand/favicon.svg" alt="" width={112} height={112} className="size-28 -rotate-6" />
      <h1 className="mt-8 text-4xl font-semibold sm:text-5xl">{t('notFound.title')}</h1>
      <p className="mt-4 max-w-lg text-lg leading-relaxed text-ink-700">{t('notFound.body')}</p>
      <Link to="/" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        <House aria-hidden="true" className="size-5" />
        {t('notFound.home')}
      </Link>
    </section>
  );
}
