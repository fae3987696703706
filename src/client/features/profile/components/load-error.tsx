import { CircleX, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { signInPath } from '../../../components/auth/safe-redirect';
import { Button } from '../../../components/ui/button';
import { statusOf } from '../../../lib/api-client';

/**
 * 'Failed to load profile data' with a way to try again; a 401 (the session ended meanwhile) goes
 * to sign-in instead, and back here afterwards.
 */
export function LoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('profile');
  const location = useLocation();
  if (statusOf(error) === 401) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-3xl bg-cream-50 px-6 py-10 text-center ring-1 ring-sand-300/70"
    >
      <CircleX aria-hidden="true" className="size-10 text-coral-600" />
      <p className="font-semibold">{t('loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" className="size-5" />
        {t('tryAgain')}
      </Button>
    </div>
  );
}
