import { House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MissingPage } from './missing-page';
import { useDocumentTitle } from './use-document-title';

/** "Page not found" with the way home: the 404 page, and any screen that is not there for this visitor. */
export function NotFoundContent() {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('notFound.metaTitle'));
  return (
    <MissingPage
      title={t('notFound.title')}
      body={t('notFound.body')}
      to="/"
      action={t('notFound.home')}
      icon={House}
      tilt="left"
    />
  );
}
