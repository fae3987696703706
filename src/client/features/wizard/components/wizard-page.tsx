import { CloudOff, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../../components/auth/get-session';
import { signInPath } from '../../../components/auth/safe-redirect';
import { Button } from '../../../components/ui/button';
import { useWizardState, type WizardStart } from '../api/wizard-state';
import { WizardFlow } from './wizard-flow';
import { WizardShell } from './wizard-shell';
import { WizardSkeleton } from './wizard-skeleton';

/**
 * /wizard: starts or resumes the session for a theme and book type, then shows the five steps. A
 * start from an earlier book (a child or an order to clone) needs an account: a visitor signs in
 * first and comes back here.
 */
export function WizardPage(start: WizardStart) {
  const { t } = useTranslation(['wizard', 'common']);
  const location = useLocation();
  const session = useSession();
  const needsAccount = Boolean(start.characterId || start.cloneOrderId || start.fromBookId);
  const wizard = useWizardState(start, { enabled: !needsAccount || session.isSignedIn });

  useEffect(() => {
    if (wizard.isError) toast.error(t('wizard:restore.failed'), { id: 'wizard-restore-failed' });
  }, [wizard.isError, t]);

  if (needsAccount && !session.isLoading && !session.isSignedIn) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }

  if (wizard.isPending) return <WizardSkeleton />;

  if (wizard.isError) {
    return (
      <WizardShell>
        <div
          role="alert"
          className="flex flex-col items-center rounded-3xl bg-cream-50 px-6 py-12 text-center shadow-soft ring-1 ring-sand-300/70"
        >
          <CloudOff aria-hidden="true" className="size-12 text-coral-600" />
          <h1 className="mt-4 text-2xl font-semibold">{t('wizard:restore.title')}</h1>
          <p className="mt-2 max-w-md text-ink-700">{t('wizard:restore.text')}</p>
          <Button
            size="lg"
            className="mt-6"
            disabled={wizard.isFetching}
            onClick={() => void wizard.refetch()}
          >
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('wizard:restore.retry')}
          </Button>
        </div>
      </WizardShell>
    );
  }

  const { themeId, bookType, characterId, cloneOrderId, fromBookId } = start;
  return (
    <WizardFlow
      key={`${themeId}:${bookType}:${characterId ?? ''}:${cloneOrderId ?? ''}:${fromBookId ?? ''}`}
      state={wizard.data}
      start={start}
    />
  );
}
