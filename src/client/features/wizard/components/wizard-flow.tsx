import { useQueryClient } from '@tanstack/react-query';
import { Copy, ImageUp, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { ChildStep, ToyStep, WizardState } from '../../../../shared/contracts/wizard';
import {
  parseWizardStep,
  previousStep,
  stepAfterApproval,
  stepForRegeneration,
  type WizardStep,
} from '../../../../shared/domain/wizard';
import { getSessionQueryOptions, refreshSession, useSession } from '../../../components/auth/get-session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { ApiError, codeOf } from '../../../lib/api-client';
import { useUrlStep } from '../../../lib/use-url-step';
import { useCompleteWizard } from '../api/complete-wizard';
import type { CoverKind } from '../api/generate-cover';
import { useSaveWizardStep } from '../api/save-wizard-step';
import type { WizardStart } from '../api/wizard-state';
import { useWizardCovers } from '../hooks/use-wizard-covers';
import { useWizardDrafts } from '../hooks/use-wizard-drafts';
import { childChanged, toyChanged } from '../lib/drafts';
import { FINISH_PARAM, SignInToComplete } from './sign-in-to-complete';
import { StepChild } from './step-child';
import { StepDedication } from './step-dedication';
import { StepGeneration } from './step-generation';
import { StepToy } from './step-toy';
import { WizardFooter } from './wizard-footer';
import { WizardShell } from './wizard-shell';

const STEP_KEYS = { 1: 'child', 2: 'cover', 3: 'toy', 4: 'toyGenerated', 5: 'dedication' } as const;

/** The `step` of the address when it is exactly 1 to 5; anything else is no choice. */
function readStepParam(value: string | null): WizardStep | undefined {
  if (value === null) return undefined;
  const step = parseWizardStep(value);
  return String(step) === value ? step : undefined;
}

type WizardFlowProps = { state: WizardState; start: WizardStart };

/**
 * The five steps once the session is known. The address's `step` is the current step (so the
 * browser's Back works), never beyond what the saved steps allow; the forms keep their drafts while
 * the user moves between steps, and every Next saves its step on the server first.
 */
export function WizardFlow({ state, start }: WizardFlowProps) {
  const { t } = useTranslation(['wizard', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const { language } = useLanguage();
  const save = useSaveWizardStep(start);
  const complete = useCompleteWizard();
  const [screen, setScreen] = useState<'steps' | 'signIn'>('steps');
  const {
    step,
    goTo: showStep,
    headingRef,
    stepRef,
    focusFirstProblem,
  } = useUrlStep<WizardStep>({
    read: readStepParam,
    // Restored progress opens where it stopped, unless the address asks for a step.
    initial: () => (state.restored ? parseWizardStep(state.resumeStep) : 1),
    // Never beyond what the saved steps allow.
    allow: (requested) => parseWizardStep(Math.min(requested, state.resumeStep)),
    view: screen,
  });
  const [welcome, setWelcome] = useState(state.restored);

  const drafts = useWizardDrafts(state);
  const { dedication } = drafts;
  // A photo on its way: Next waits for its id rather than calling the step incomplete.
  const [photoBusy, setPhotoBusy] = useState(false);
  const covers = useWizardCovers(state, start, screen === 'steps' ? step : undefined);
  // The hero cover being redrawn with the parent's look: the one on screen is not the one to approve.
  const [coverRedrawing, setCoverRedrawing] = useState(false);

  const stepKey = STEP_KEYS[step];
  useDocumentTitle(t('metaTitle', { step: t(`steps.${stepKey}.title`) }));

  const goTo = (next: WizardStep) => {
    setScreen('steps');
    showStep(next);
  };

  const saveFailed = () => toast.error(t('toasts.saveFailed'), { id: 'wizard-save-failed' });

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

  // Completing needs an account (SPEC.md section 6): a visitor signs in first, on this page.
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

  // The form's summary and each field's message say what is missing (issue 20: said once, no toast).
  const refuse = () => focusFirstProblem();

  // Steps 1 and 3 saved; their cover is made (again) when what it is drawn from changed.
  const saveThenCover = (kind: CoverKind, changed: boolean, request: Parameters<typeof save.mutate>[0]) => {
    const needsCover = covers.needed(kind, changed);
    save.mutate(request, {
      onSuccess: () => {
        if (needsCover) covers.make(kind);
        goTo(kind === 'hero' ? 2 : 4);
      },
      onError: saveFailed,
    });
  };

  const next = () => {
    if (step === 1) {
      const onValid = (data: ChildStep) =>
        saveThenCover('hero', childChanged(data, state.steps[1]), { step: 1, data });
      void drafts.child.handleSubmit(onValid, refuse)();
      return;
    }
    if (step === 3) {
      const onValid = (data: ToyStep) =>
        saveThenCover('toy', toyChanged(data, state.steps[3]), { step: 3, data });
      void drafts.toy.handleSubmit(onValid, refuse)();
      return;
    }
    if (step === 2 || step === 4) {
      // The step bar's main button approves the cover on screen (issue 20: always in sight).
      const kind: CoverKind = step === 2 ? 'hero' : 'toy';
      const shown = covers.view(kind);
      if (covers.isApproved(kind)) goTo(stepAfterApproval(step));
      else if (shown.state === 'result' && !coverRedrawing) approve(kind, shown.imageId);
      else toast.error(t('toasts.approveFirst'), { id: 'wizard-approve-first' });
      return;
    }
    const data = dedication.checked();
    if (!data) {
      toast.error(t('toasts.fixDedication'), { id: 'wizard-fix-dedication' });
      return;
    }
    save.mutate({ step: 5, data }, { onSuccess: () => void finish(), onError: saveFailed });
  };

  const approve = (kind: CoverKind, imageId: string) => {
    const from = kind === 'hero' ? 2 : 4;
    save.mutate(
      kind === 'hero'
        ? { step: 2, data: { approved: true, generatedCover: imageId } }
        : { step: 4, data: { approved: true, generatedToyImage: imageId } },
      { onSuccess: () => goTo(stepAfterApproval(from)), onError: saveFailed },
    );
  };

  const stepTitle = t(`steps.${stepKey}.title`);

  /** On a cover step not yet approved, the step bar's main button is "Approve this cover". */
  const coverStepPrimary = () => {
    if (step !== 2 && step !== 4) return undefined;
    const kind: CoverKind = step === 2 ? 'hero' : 'toy';
    if (covers.isApproved(kind)) return undefined;
    const shown = covers.view(kind);
    return { label: t('generation.approve'), disabled: shown.state !== 'result' || coverRedrawing };
  };

  if (screen === 'signIn') {
    return (
      <WizardShell title={t('signIn.title')}>
        <SignInToComplete
          returnTo={`${location.pathname}${location.search}`}
          completing={complete.isPending}
          onBack={() => setScreen('steps')}
          headingRef={headingRef}
        />
      </WizardShell>
    );
  }

  const generationStep = (kind: CoverKind) => (
    <StepGeneration
      kind={kind}
      name={kind === 'hero' ? drafts.names.child : drafts.names.toy}
      view={covers.view(kind)}
      approving={save.isPending}
      // Another cover at once, here: the earlier ones stay to go back to.
      onRegenerate={() => covers.make(kind)}
      onChoose={(version) => {
        covers.choose(kind, version);
        // Kept on the server too, so a reload and a look change start from this cover.
        save.mutate(
          kind === 'hero'
            ? { step: 2, data: { approved: false, generatedCover: version.imageId } }
            : { step: 4, data: { approved: false, generatedToyImage: version.imageId } },
          { onError: saveFailed },
        );
      }}
      onRedrawingChange={kind === 'hero' ? setCoverRedrawing : undefined}
      onRetry={() => covers.make(kind)}
      onUploadDifferent={() => {
        if (kind === 'hero') drafts.child.setValue('picture', undefined);
        else drafts.toy.setValue('toyPicture', undefined);
        goTo(stepForRegeneration(kind === 'hero' ? 2 : 4));
      }}
      onStartOver={() => {
        covers.askAgain('hero', 'toy');
        goTo(1);
      }}
      onAdjusted={kind === 'hero' ? covers.adjust : undefined}
    />
  );

  return (
    <WizardShell
      title={stepTitle}
      footer={
        <WizardFooter
          step={step}
          busy={save.isPending || complete.isPending || photoBusy}
          busyLabel={
            complete.isPending ? t('shell.completing') : photoBusy ? t('photo.uploading') : t('shell.saving')
          }
          onPrevious={() => goTo(previousStep(step))}
          onNext={next}
          primary={coverStepPrimary()}
        />
      }
    >
      {step === 1 && state.prefill?.clonedFrom && (
        <p
          role="note"
          className="mb-6 flex items-start gap-3 rounded-2xl bg-lavender-100 p-4 font-semibold motion-safe:animate-fade-in"
        >
          <Copy aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-coral-600" />
          {t('sibling.note', { orderNumber: state.prefill.clonedFrom.orderNumber })}
        </p>
      )}
      {step === 1 && state.prefill?.changingPhotoOf && (
        <div
          role="note"
          className="mb-6 flex flex-col items-start gap-2 rounded-2xl bg-lavender-100 p-4 font-semibold motion-safe:animate-fade-in"
        >
          <p className="flex items-start gap-3">
            <ImageUp aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-coral-600" />
            {t('changePhoto.note', { name: state.prefill.child?.name ?? '' })}
          </p>
          <Link
            to={`/book/${encodeURIComponent(state.prefill.changingPhotoOf.bookInstanceId)}`}
            className="ml-8 text-coral-700 underline underline-offset-4"
          >
            {t('changePhoto.back')}
          </Link>
        </div>
      )}
      {welcome && (
        <div
          role="status"
          className="mb-6 flex items-start gap-3 rounded-2xl bg-lavender-100 p-4 font-semibold motion-safe:animate-fade-in"
        >
          <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-coral-600" />
          <p className="flex-1">{t('welcomeBack.banner')}</p>
          <button
            type="button"
            onClick={() => setWelcome(false)}
            className="-m-1 rounded-full p-1 text-ink-700 hover:bg-white hover:text-ink-900"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('welcomeBack.dismiss')}</span>
          </button>
        </div>
      )}
      <div className="mb-6 sm:mb-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-semibold outline-none sm:text-4xl">
          {t(`steps.${stepKey}.heading`)}
        </h1>
        <p className="mt-2 text-ink-700 sm:text-lg">{t(`steps.${stepKey}.lead`)}</p>
      </div>
      <div ref={stepRef}>
        {step === 1 && <StepChild form={drafts.child} onPhotoBusyChange={setPhotoBusy} />}
        {step === 2 && generationStep('hero')}
        {step === 3 && <StepToy form={drafts.toy} onPhotoBusyChange={setPhotoBusy} />}
        {step === 4 && generationStep('toy')}
        {step === 5 && (
          <StepDedication
            message={dedication.message}
            signature={dedication.signature}
            onMessageChange={dedication.setMessage}
            onSignatureChange={dedication.setSignature}
            saving={save.isPending}
            onSave={() => {
              const data = dedication.checked();
              if (!data) return;
              save.mutate(
                { step: 5, data },
                {
                  onSuccess: () =>
                    toast.success(t('toasts.dedicationSaved'), { id: 'wizard-dedication-saved' }),
                  onError: saveFailed,
                },
              );
            }}
          />
        )}
      </div>
    </WizardShell>
  );
}
