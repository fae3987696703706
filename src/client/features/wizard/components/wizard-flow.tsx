import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import type { WizardState } from '../../../../shared/contracts/wizard';
import { parseWizardStep, previousStep, type WizardStep } from '../../../../shared/domain/wizard';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { atFirstInteraction } from '../../../lib/at-first-interaction';
import { useUrlStep } from '../../../lib/use-url-step';
import type { CoverKind } from '../api/generate-cover';
import { useSaveWizardStep } from '../api/save-wizard-step';
import type { WizardStart } from '../api/wizard-state';
import { useWizardCompletion, type WizardScreen } from '../hooks/use-wizard-completion';
import { useWizardCovers } from '../hooks/use-wizard-covers';
import { useWizardDrafts } from '../hooks/use-wizard-drafts';
import { useWizardNext } from '../hooks/use-wizard-next';
import { SignInToComplete } from './sign-in-to-complete';
import { StepChild } from './step-child';
import { WizardFooter } from './wizard-footer';
import { WizardNotes } from './wizard-notes';
import { WizardShell } from './wizard-shell';

// Only the first step is in the wizard's first load (issue 33); the others are fetched at the
// parent's first press or key, or when shown. (The sign-in asked for at the end stays: the heading
// it brings must take the focus the moment it is shown.)
const loadCoverStep = () => import('./cover-step');
const loadStepToy = () => import('./step-toy');
const loadStepDedication = () => import('./step-dedication');
const CoverStep = lazy(() => loadCoverStep().then((module) => ({ default: module.CoverStep })));
const StepToy = lazy(() => loadStepToy().then((module) => ({ default: module.StepToy })));
const StepDedication = lazy(() =>
  loadStepDedication().then((module) => ({ default: module.StepDedication })),
);
for (const load of [loadCoverStep, loadStepToy, loadStepDedication]) atFirstInteraction(load);

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
  const location = useLocation();
  const save = useSaveWizardStep(start);
  const [screen, setScreen] = useState<WizardScreen>('steps');
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

  const { complete, finish } = useWizardCompletion({ state, screen, setScreen });
  // The form's summary and each field's message say what is missing (issue 20: said once, no toast).
  const { next, primary } = useWizardNext({
    step,
    state,
    drafts,
    covers,
    save,
    coverRedrawing,
    goTo,
    refuse: () => focusFirstProblem(),
    finish,
    saveFailed,
  });

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

  const coverStep = (kind: CoverKind) => (
    <CoverStep
      kind={kind}
      drafts={drafts}
      covers={covers}
      save={save}
      goTo={goTo}
      saveFailed={saveFailed}
      onRedrawingChange={setCoverRedrawing}
      waitSeconds={state.coverWaitSeconds}
    />
  );

  const saveDedication = () => {
    const data = dedication.checked();
    if (!data) return;
    save.mutate(
      { step: 5, data },
      {
        onSuccess: () => toast.success(t('toasts.dedicationSaved'), { id: 'wizard-dedication-saved' }),
        onError: saveFailed,
      },
    );
  };

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
          primary={primary}
        />
      }
    >
      <WizardNotes step={step} state={state} welcome={welcome} onDismissWelcome={() => setWelcome(false)} />
      <div className="mb-6 sm:mb-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-semibold outline-none sm:text-4xl">
          {t(`steps.${stepKey}.heading`, { context: drafts.genderContext })}
        </h1>
        <p className="mt-2 text-ink-700 sm:text-lg">
          {t(`steps.${stepKey}.lead`, { context: drafts.genderContext })}
        </p>
      </div>
      <div ref={stepRef}>
        <Suspense fallback={null}>
          {step === 1 && <StepChild form={drafts.child} onPhotoBusyChange={setPhotoBusy} />}
          {step === 2 && coverStep('hero')}
          {step === 3 && <StepToy form={drafts.toy} onPhotoBusyChange={setPhotoBusy} />}
          {step === 4 && coverStep('toy')}
          {step === 5 && (
            <StepDedication
              message={dedication.message}
              signature={dedication.signature}
              onMessageChange={dedication.setMessage}
              onSignatureChange={dedication.setSignature}
              secondLanguage={dedication.secondLanguage}
              onSecondLanguageChange={dedication.setSecondLanguage}
              saving={save.isPending}
              onSave={saveDedication}
            />
          )}
        </Suspense>
      </div>
    </WizardShell>
  );
}
