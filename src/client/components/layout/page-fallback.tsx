import { useTranslation } from 'react-i18next';

/** Holds the page's place while its code or texts load, so the footer does not jump up. */
export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="min-h-[60vh]" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
