import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** A read of the console failed (not a 404): say so, and offer to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <p className="text-lg">{t('loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
