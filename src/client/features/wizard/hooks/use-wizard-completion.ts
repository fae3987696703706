import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { WizardState } from '../../../../shared/contracts/wizard';
import { getSessionQueryOptions, refreshSession, useSession } from '../../../components/auth/get-session';
import { useLanguage } from '../../../components/layout/use-language';
import { ApiError, codeOf } from '../../../lib/api-client';
import { useCompleteWizard } from '../api/complete-wizard';
import { FINISH_PARAM } from '../components/sign-in-to-complete';

export type WizardScreen = 'steps' | 'signIn';

/**
 * The wizard's last move: the book is made from the saved steps and the parent lands on it. A
 * visitor signs in first (the 'almost there' screen), and carries on by itself once signed in.
 */
export function useWizardCompletion({
  state,
  screen,
  setScreen,
}: {
  state: WizardState;
  screen: WizardScreen;
  setScreen: (screen: WizardScreen) => void;
}) {
  const { t } = useTranslation(['wizard', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const { language } = useLanguage();
  const complete = useCompleteWizard();

  const completeNow = () =>
    complete.mutate(
      { language },
      {
        onSuccess: ({ bookInstanceId }) => {
          // The whole book is drawn now and read before paying (issue 15).
          void navigate(`/book/${encodeURIComponent(bookInstanceId)}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            setScreen('signIn');
            void refreshSession(queryClient);
            return;
          }
          setScreen('steps');
          // Books drawn per day are limited (hosted illustrators cost money per picture): say so.
          const message =
            codeOf(error) === 'PREVIEW_LIMIT_REACHED'
              ? t('errors:codes.PREVIEW_LIMIT_REACHED')
              : t('toasts.prepareFailed');
          toast.error(message, { id: 'wizard-prepare-failed' });
        },
      },
    );

  // Completing needs an account (docs/spec.md section 6): a visitor signs in first, on this page.
  // The session is read when the dedication is saved, not when the button was pressed: a parent
  // who just came back from the confirmation link may press it before the first read has answered.
  const finish = async () => {
    const current = await queryClient.fetchQuery(getSessionQueryOptions()).catch(() => null);
    if (!current?.user) {
      setScreen('signIn');
      return;
    }
    completeNow();
  };

  // Back from the confirmation link of a sign-up (signed in by it): the dedication was saved before
  // the 'almost there' screen, so the book is finished at once and the parent lands on it.
  const [params, setParams] = useSearchParams();
  const finishing = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival (finish reads the session itself)
  useEffect(() => {
    if (finishing.current || params.get(FINISH_PARAM) !== '1') return;
    finishing.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(FINISH_PARAM);
        return next;
      },
      { replace: true },
    );
    if (state.steps[5]) void finish();
  }, []);

  // Signed in on the 'almost there' screen: carry on by itself.
  const wasSignedIn = useRef(session.isSignedIn);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the sign-in itself, not to each render
  useEffect(() => {
    const before = wasSignedIn.current;
    wasSignedIn.current = session.isSignedIn;
    if (screen === 'signIn' && !before && session.isSignedIn) completeNow();
  }, [session.isSignedIn, screen]);

  return { complete, finish };
}
