import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BookType } from '../../../../shared/domain/statuses';
import { MissingPage } from '../../../components/layout/missing-page';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { themesHref } from '../links';

/** An unknown theme id: a message inside the shop, with the way back to the themes. */
export function ThemeNotFound({ type, character }: { type: BookType; character?: string | undefined }) {
  const { t } = useTranslation('themes');
  useDocumentTitle(t('meta.notFound'));
  return (
    <MissingPage
      title={t('detail.notFound.title')}
      body={t('detail.notFound.text')}
      to={themesHref(type, character)}
      action={t('detail.notFound.back')}
      icon={ArrowLeft}
      tilt="right"
    />
  );
}
