import { useTranslation } from 'react-i18next';

/**
 * Holds the page's place while its code or texts load: at least the window's height, so the footer
 * stays below the fold and does not jump down when the page (or its skeleton) arrives (issue 19).
 */
export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="min-h-dvh" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
