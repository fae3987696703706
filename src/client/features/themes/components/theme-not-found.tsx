import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookType } from '../../../../shared/domain/statuses';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { buttonClass } from '../../../components/ui/button';
import { themesHref } from '../links';

/** An unknown theme id: a message inside the shop, with the way back to the themes. */
export function ThemeNotFound({ type, character }: { type: BookType; character?: string | undefined }) {
  const { t } = useTranslation('themes');
  useDocumentTitle(t('meta.notFound'));
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:px-6 md:py-24">
      <img src="/brand/favicon.svg" alt="" width={112} height={112} className="size-28 rotate-6" />
      <h1 className="mt-8 text-4xl font-semibold sm:text-5xl">{t('detail.notFound.title')}</h1>
      <p className="mt-4 max-w-lg text-lg leading-relaxed text-ink-700">{t('detail.notFound.text')}</p>
      <Link to={themesHref(type, character)} className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('detail.notFound.back')}
      </Link>
    </section>
  );
}
