import { useQueryClient } from '@tanstack/react-query';
import { Copy, ImageUp, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { WizardState } from '../../../../shared/contracts/wizard';
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
import { type AdjustedCover, useKeepAdjustedCover } from '../api/adjusted-cover';
import { useCompleteWizard } from '../api/complete-wizard';
import type { CoverKind } from '../api/generate-cover';
import { useSaveWizardStep } from '../api/save-wizard-step';
import type { WizardStart } from '../api/wizard-state';
import { useCoverGeneration } from '../hooks/use-cover-generation';
import {
  type ChildDraft,
  type ChildField,
  checkChild,
  checkDedication,
  checkToy,
  childChanged,
  childDraftFrom,
  dedicationDraftFrom,
  type ToyDraft,
  type ToyField,
  toyChanged,
  toyDraftFrom,
} from '../lib/drafts';
import { describeGenerationError } from '../lib/generation-error';
import { SignInToComplete } from './sign-in-to-complete';
import { StepChild } from './step-child';
import { StepDedication } from './step-dedication';
import { type GenerationView, StepGeneration } from './step-generation';
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
  const covers = { hero: useCoverGeneration('hero'), toy: useCoverGeneration('toy') };
  const keepAdjusted = useKeepAdjustedCover(start);
  // The hero cover last redrawn with the parent's look (step 2's "Does this look like …?").
  const [adjusted, setAdjusted] = useState<AdjustedCover | undefined>();

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

  // A reorder's child fills the form, but the consent box is the parent's to tick again.
  const [child, setChild] = useState<ChildDraft>(() => childDraftFrom(state.steps[1], state.prefill?.child));
  const [childProblems, setChildProblems] = useState<ChildField[]>([]);
  const [toy, setToy] = useState<ToyDraft>(() => toyDraftFrom(state.steps[3]));
  const [toyProblems, setToyProblems] = useState<ToyField[]>([]);
  const [dedication, setDedication] = useState(() => dedicationDraftFrom(state.steps[5]));
  // A photo on its way: Next waits for its id rather than calling the step incomplete.
  const [photoBusy, setPhotoBusy] = useState(false);
  // A cover the user asked to make again: the saved one is no longer shown.
  const [redo, setRedo] = useState({ hero: false, toy: false });
  // A cover asked for by this page: arriving on its step does not ask a second time.
  const started = useRef({ hero: false, toy: false });

  const stepKey = STEP_KEYS[step];
  useDocumentTitle(t('metaTitle', { step: t(`steps.${stepKey}.title`) }));

  useEffect(() => {
    if (state.restored) toast.success(t('welcomeBack.toast'), { id: 'wizard-welcome-back' });
  }, [state.restored, t]);

  const goTo = (next: WizardStep) => {
    setScreen('steps');
    showStep(next);
  };

  const startCover = (kind: CoverKind) => {
    started.current[kind] = true;
    setRedo((current) => ({ ...current, [kind]: false }));
    if (kind === 'hero') setAdjusted(undefined);
    covers[kind].mutate();
  };

  const savedCover = (kind: CoverKind) =>
    kind === 'hero' ? state.steps[2]?.generatedCover : state.steps[4]?.generatedToyImage;
  const approvedCover = (kind: CoverKind) =>
    kind === 'hero'
      ? state.steps[2]?.approved && state.steps[2].generatedCover
      : state.steps[4]?.approved && state.steps[4].generatedToyImage;

  const coverView = (kind: CoverKind): GenerationView => {
    const generation = covers[kind];
    if (generation.isPending) return { state: 'loading' };
    if (generation.isError) return { state: 'error', problem: describeGenerationError(generation.error) };
    if (kind === 'hero' && adjusted) return { state: 'result', ...adjusted };
    if (generation.isSuccess)
      return { state: 'result', imageId: generation.data.imageId, look: generation.data.look };
    const saved = savedCover(kind);
    // Nothing yet: the effect below asks for it.
    return saved && !redo[kind]
      ? { state: 'result', imageId: saved, look: kind === 'hero' ? state.steps[2]?.look : undefined }
      : { state: 'loading' };
  };

  // Arriving on a cover step with no cover (a restore, the browser's Forward): make it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: startCover is rebuilt each render; the inputs are listed
  useEffect(() => {
    if (screen !== 'steps' || (step !== 2 && step !== 4)) return;
    const kind: CoverKind = step === 2 ? 'hero' : 'toy';
    if (started.current[kind] || !covers[kind].isIdle) return;
    if (!savedCover(kind) || redo[kind]) startCover(kind);
  }, [screen, step, redo, state.steps]);

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

  // Signed in on the 'almost there' screen: carry on by itself.
  const wasSignedIn = useRef(session.isSignedIn);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the sign-in itself, not to each render
  useEffect(() => {
    const before = wasSignedIn.current;
    wasSignedIn.current = session.isSignedIn;
    if (screen === 'signIn' && !before && session.isSignedIn) completeNow();
  }, [session.isSignedIn, screen]);

  const next = () => {
    if (step === 1) {
      const checked = checkChild(child);
      if (!checked.data) {
        setChildProblems(checked.problems);
        focusFirstProblem();
        toast.error(t('toasts.completeFields'), { id: 'wizard-complete-fields' });
        return;
      }
      const needsCover =
        redo.hero ||
        covers.hero.isError ||
        childChanged(checked.data, state.steps[1]) ||
        (covers.hero.isIdle && !state.steps[2]);
      save.mutate(
        { step: 1, data: checked.data },
        {
          onSuccess: () => {
            if (needsCover) startCover('hero');
            goTo(2);
          },
          onError: saveFailed,
        },
      );
      return;
    }
    if (step === 3) {
      const checked = checkToy(toy);
      if (!checked.data) {
        setToyProblems(checked.problems);
        focusFirstProblem();
        toast.error(t('toasts.completeFields'), { id: 'wizard-complete-fields' });
        return;
      }
      const needsCover =
        redo.toy ||
        covers.toy.isError ||
        toyChanged(checked.data, state.steps[3]) ||
        (covers.toy.isIdle && !state.steps[4]);
      save.mutate(
        { step: 3, data: checked.data },
        {
          onSuccess: () => {
            if (needsCover) startCover('toy');
            goTo(4);
          },
          onError: saveFailed,
        },
      );
      return;
    }
    if (step === 2 || step === 4) {
      const kind: CoverKind = step === 2 ? 'hero' : 'toy';
      const view = coverView(kind);
      if (view.state === 'result' && view.imageId === approvedCover(kind)) goTo(stepAfterApproval(step));
      else toast.error(t('toasts.approveFirst'), { id: 'wizard-approve-first' });
      return;
    }
    const data = checkDedication(message, dedication.signature);
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

  const changeChild = (change: Partial<ChildDraft>) => {
    setChild((current) => ({ ...current, ...change }));
    setChildProblems((current) => current.filter((field) => !(field in change)));
  };
  const changeToy = (change: Partial<ToyDraft>) => {
    setToy((current) => ({ ...current, ...change }));
    setToyProblems((current) => current.filter((field) => !(field in change)));
  };

  const template = t('dedication.template', {
    child: state.steps[1]?.name ?? child.name,
    toy: state.steps[3]?.toyName ?? toy.toyName,
  });
  const message = dedication.message ?? template;

  const stepTitle = t(`steps.${stepKey}.title`);

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
      name={kind === 'hero' ? (state.steps[1]?.name ?? child.name) : (state.steps[3]?.toyName ?? toy.toyName)}
      view={coverView(kind)}
      approving={save.isPending}
      onApprove={(imageId) => approve(kind, imageId)}
      onRegenerate={() => {
        setRedo((current) => ({ ...current, [kind]: true }));
        goTo(stepForRegeneration(kind === 'hero' ? 2 : 4));
      }}
      onRetry={() => startCover(kind)}
      onUploadDifferent={() => {
        if (kind === 'hero') changeChild({ picture: undefined });
        else changeToy({ toyPicture: undefined });
        goTo(stepForRegeneration(kind === 'hero' ? 2 : 4));
      }}
      onStartOver={() => {
        setRedo({ hero: true, toy: true });
        goTo(1);
      }}
      onAdjusted={
        kind === 'hero'
          ? (cover) => {
              setAdjusted(cover);
              keepAdjusted(cover);
            }
          : undefined
      }
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
        {step === 1 && (
          <StepChild
            draft={child}
            onChange={changeChild}
            problems={childProblems}
            onPhotoBusyChange={setPhotoBusy}
          />
        )}
        {step === 2 && generationStep('hero')}
        {step === 3 && (
          <StepToy draft={toy} onChange={changeToy} problems={toyProblems} onPhotoBusyChange={setPhotoBusy} />
        )}
        {step === 4 && generationStep('toy')}
        {step === 5 && (
          <StepDedication
            message={message}
            signature={dedication.signature}
            onMessageChange={(value) => setDedication((current) => ({ ...current, message: value }))}
            onSignatureChange={(value) => setDedication((current) => ({ ...current, signature: value }))}
            saving={save.isPending}
            onSave={() => {
              const data = checkDedication(message, dedication.signature);
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
