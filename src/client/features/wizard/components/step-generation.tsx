import {
  BookHeart,
  CloudOff,
  ImageOff,
  Loader2,
  Mail,
  RefreshCw,
  RotateCcw,
  Sparkles,
  Upload,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ChildLook } from '../../../../shared/domain/child-look';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import type { AdjustedCover } from '../api/adjusted-cover';
import type { CoverKind } from '../api/generate-cover';
import { wizardImageUrl } from '../api/wizard-image-url';
import type { GenerationProblem } from '../lib/generation-error';
import { SUPPORT_EMAIL } from '../lib/support';
import { LookPanel } from './look-panel';

/** After this long, the loading screen says it is taking longer than expected. */
export const SLOW_GENERATION_MS = 20_000;

export type GenerationView =
  | { state: 'loading' }
  | { state: 'error'; problem: GenerationProblem }
  | {
      state: 'result';
      imageId: string;
      /** The drawn child's look (hero, local illustrator): the parent may adjust it. */
      look?: ChildLook | undefined;
    };

type StepGenerationProps = {
  kind: CoverKind;
  /** The child's or the toy's name, for the texts and the cover's alt text. */
  name: string;
  view: GenerationView;
  approving: boolean;
  onApprove: (imageId: string) => void;
  onRegenerate: () => void;
  onRetry: () => void;
  onUploadDifferent: () => void;
  onStartOver: () => void;
  /** A hero cover redrawn with the parent's look ("Does this look like …?"); without it, no panel. */
  onAdjusted?: ((cover: AdjustedCover) => void) | undefined;
};

function Loading({ kind, name }: { kind: CoverKind; name: string }) {
  const { t } = useTranslation('wizard');
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_GENERATION_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" className="flex flex-col items-center gap-5 py-10 text-center">
      <div className="relative flex size-32 items-center justify-center">
        <span
          aria-hidden="true"
          className="absolute inset-0 rounded-full bg-coral-100 motion-safe:animate-ping motion-safe:[animation-duration:2.4s]"
        />
        <span className="relative flex size-28 items-center justify-center rounded-full bg-cream-50 shadow-soft">
          <BookHeart aria-hidden="true" className="size-14 text-coral-600 motion-safe:animate-pulse" />
        </span>
        <Sparkles
          aria-hidden="true"
          className="absolute -top-1 right-0 size-7 text-honey-300 motion-safe:animate-bounce"
        />
      </div>
      <p className="max-w-md font-display text-xl font-semibold">
        {t(`generation.loading.${kind}`, { name })}
      </p>
      <p className="max-w-md text-ink-700">{t('generation.loading.note')}</p>
      {slow && (
        <p className="max-w-md rounded-2xl bg-lavender-100 px-4 py-3 font-semibold">
          {t('generation.loading.slow')}
        </p>
      )}
    </div>
  );
}

function Problem({
  problem,
  onRetry,
  onUploadDifferent,
  onStartOver,
}: { problem: GenerationProblem } & Pick<
  StepGenerationProps,
  'onRetry' | 'onUploadDifferent' | 'onStartOver'
>) {
  const { t } = useTranslation('wizard');
  const Icon = problem.invalidImage ? ImageOff : CloudOff;
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-3xl bg-cream-50 px-5 py-10 text-center shadow-soft ring-1 ring-sand-300/70"
    >
      <Icon aria-hidden="true" className="size-12 text-coral-600" />
      <h2 className="text-2xl font-semibold">
        {problem.invalidImage ? t('generation.invalidTitle') : t('generation.errorTitle')}
      </h2>
      {problem.serviceUnavailable && <p className="max-w-md font-semibold">{t('generation.unavailable')}</p>}
      <p className="max-w-md text-ink-700">
        {problem.message === 'technical' ? (
          <Trans
            t={t}
            i18nKey="generation.technical"
            values={{ email: SUPPORT_EMAIL }}
            components={{
              mail: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside
                <a
                  href={`mailto:${SUPPORT_EMAIL}`}
                  className="font-bold text-coral-700 underline underline-offset-4"
                />
              ),
            }}
          />
        ) : (
          t(`generation.${problem.message}`)
        )}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {problem.action === 'upload_different' && (
          <Button size="lg" onClick={onUploadDifferent}>
            <Upload aria-hidden="true" className="size-5" />
            {t('generation.uploadDifferent')}
          </Button>
        )}
        {problem.action === 'retry' && (
          <Button size="lg" onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('generation.tryAgain')}
          </Button>
        )}
        {problem.action === 'start_over' && (
          <Button size="lg" onClick={onStartOver}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('generation.startOver')}
          </Button>
        )}
        {problem.action === 'contact_support' && (
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="inline-flex h-14 items-center gap-2 rounded-full border-2 border-ink-900/15 bg-cream-50 px-8 text-lg font-bold hover:border-ink-900/30 hover:bg-white"
          >
            <Mail aria-hidden="true" className="size-5" />
            {t('generation.contactSupport')}
          </a>
        )}
      </div>
    </div>
  );
}

/**
 * Steps 2 and 4: the AI-made cover while it is made, when it failed (with what to do about it), and
 * once it is there, to approve or make again (SPEC.md section 4, Generation screen states).
 */
export function StepGeneration(props: StepGenerationProps) {
  const { t } = useTranslation('wizard');
  const { kind, name, view, approving, onApprove, onRegenerate, onAdjusted } = props;
  // A redraw with the parent's look on its way: the cover shown stays, but is not the one to approve.
  const [redrawing, setRedrawing] = useState(false);
  if (view.state === 'loading') return <Loading kind={kind} name={name} />;
  if (view.state === 'error') return <Problem {...props} problem={view.problem} />;
  const adjustable = kind === 'hero' && view.look !== undefined && onAdjusted !== undefined;
  const busy = approving || (adjustable && redrawing);
  const cover = (
    <div className="relative w-full max-w-md" aria-busy={adjustable && redrawing ? true : undefined}>
      <img
        src={wizardImageUrl(view.imageId)}
        alt={t(`generation.resultAlt.${kind}`, { name })}
        className={cn(
          'aspect-square w-full rounded-3xl bg-cream-200 object-cover shadow-soft ring-1 ring-sand-300/70 transition-opacity',
          adjustable && redrawing && 'opacity-70',
        )}
      />
      {adjustable && redrawing && (
        <span className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-full bg-cream-50/90 shadow-soft">
          <Loader2 aria-hidden="true" className="size-6 text-coral-700 motion-safe:animate-spin" />
        </span>
      )}
    </div>
  );
  const actions = (
    <div className={cn('flex w-full max-w-md flex-col gap-3', !adjustable && 'sm:flex-row')}>
      <Button
        size="lg"
        className={cn('w-full', !adjustable && 'sm:flex-1')}
        disabled={busy}
        onClick={() => onApprove(view.imageId)}
      >
        {approving ? (
          <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
        ) : (
          <Sparkles aria-hidden="true" className="size-5" />
        )}
        {approving ? t('generation.saving') : t('generation.approve')}
      </Button>
      <Button
        variant="secondary"
        size="lg"
        className={cn('w-full', !adjustable && 'sm:flex-1')}
        disabled={busy}
        onClick={onRegenerate}
      >
        <RefreshCw aria-hidden="true" className="size-5" />
        {t('generation.regenerate')}
      </Button>
    </div>
  );
  if (!adjustable || !view.look) {
    return (
      <div className="flex flex-col items-center gap-6">
        {cover}
        {actions}
      </div>
    );
  }
  // Beside the panel from a tablet up, so the cover stays in view while the parent adjusts it; on
  // a phone the approval comes right under the cover and the panel after it.
  return (
    <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_20rem] sm:items-start">
      <div className="flex flex-col items-center gap-4 sm:sticky sm:top-4">
        {cover}
        {actions}
      </div>
      <LookPanel
        name={name}
        look={view.look}
        coverUrl={wizardImageUrl(view.imageId)}
        onRedrawn={onAdjusted}
        onBusyChange={setRedrawing}
      />
    </div>
  );
}
