import {
  BookHeart,
  Check,
  CloudOff,
  ImageOff,
  Loader2,
  Mail,
  RefreshCw,
  RotateCcw,
  Sparkles,
  Upload,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { COVER_WAIT } from '../../../../shared/constants';
import type { CoverVersion } from '../../../../shared/contracts/wizard';
import type { ChildLook, LookPart } from '../../../../shared/domain/child-look';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import type { AdjustedCover } from '../api/adjusted-cover';
import type { CoverKind } from '../api/generate-cover';
import { wizardImageUrl } from '../api/wizard-image-url';
import type { GenerationProblem } from '../lib/generation-error';
import { SUPPORT_EMAIL } from '../lib/support';
import { LookPanel } from './look-panel';

/** After this long, the loading screen says it is taking longer than usual (the measured wait, COVER_WAIT). */
export const SLOW_GENERATION_MS = COVER_WAIT.slowAfterMs;

export type GenerationView =
  | { state: 'loading' }
  | { state: 'error'; problem: GenerationProblem }
  | {
      state: 'result';
      imageId: string;
      /** The drawn child's look (hero, local illustrator): the parent may adjust it. */
      look?: ChildLook | undefined;
      /** The parts of that look the photo did not settle, still to be chosen (issue 30). */
      unread?: readonly LookPart[] | undefined;
      /** Every cover made for this step so far, to go back to one. */
      versions?: CoverVersion[] | undefined;
    };

type StepGenerationProps = {
  kind: CoverKind;
  /** The child's or the toy's name, for the texts and the cover's alt text. */
  name: string;
  /** `female`: the texts about the child agree with her (French héroïne, Italian eroina). */
  genderContext?: 'female' | undefined;
  /**
   * The hero cover of a book for several children (issue 35): its waiting text and alt text name
   * them all and agree with the group (French héroïnes for girls only).
   */
  cast?: { names: string; context: 'cast' | 'cast_female' } | undefined;
  view: GenerationView;
  /** The usual wait the server says for its illustrator; null: not measured, said as its limit. */
  waitSeconds: number | null;
  /** The cover is being approved or chosen: its buttons wait. */
  approving: boolean;
  onRegenerate: () => void;
  /** An earlier cover chosen again. */
  onChoose: (version: CoverVersion) => void;
  /** True while the cover shown is being redrawn with the parent's look: it cannot be approved yet. */
  onRedrawingChange?: ((redrawing: boolean) => void) | undefined;
  onRetry: () => void;
  onUploadDifferent: () => void;
  onStartOver: () => void;
  /** A hero cover redrawn with the parent's look ("Does this look like …?"); without it, no panel. */
  onAdjusted?: ((cover: AdjustedCover) => void) | undefined;
};

function Loading({
  kind,
  name,
  context,
  waitSeconds,
}: {
  kind: CoverKind;
  name: string;
  context?: string | undefined;
  waitSeconds: number | null;
}) {
  const { t } = useTranslation('wizard');
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    // "Longer than usual" only where the usual wait was measured (the local illustrator's).
    if (waitSeconds === null) return;
    const timer = setTimeout(() => setSlow(true), SLOW_GENERATION_MS);
    return () => clearTimeout(timer);
  }, [waitSeconds]);
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
        {t(`generation.loading.${kind}`, { name, context })}
      </p>
      <p className="max-w-md text-ink-700">
        {waitSeconds === null
          ? t('generation.loading.noteUpTo')
          : t('generation.loading.note', { seconds: waitSeconds })}
      </p>
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

/** The covers made so far, to go back to one: small pictures as radio buttons, the shown one checked. */
function CoverVersions({
  kind,
  name,
  versions,
  current,
  disabled,
  onChoose,
}: {
  kind: CoverKind;
  name: string;
  versions: CoverVersion[];
  current: string;
  disabled: boolean;
  onChoose: (version: CoverVersion) => void;
}) {
  const { t } = useTranslation('wizard');
  const legendId = useId();
  return (
    <fieldset aria-describedby={`${legendId}-hint`} className="flex w-full flex-col gap-2">
      <legend id={legendId} className="mb-1 font-bold">
        {t('generation.versions.legend')}
      </legend>
      <p id={`${legendId}-hint`} className="text-sm text-ink-700">
        {t('generation.versions.hint')}
      </p>
      <div className="flex flex-wrap gap-2">
        {versions.map((version, index) => (
          <label
            key={version.imageId}
            className={cn(
              'relative block size-16 cursor-pointer overflow-hidden rounded-xl ring-2 ring-transparent transition',
              'has-[:checked]:ring-coral-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ink-900',
              disabled && 'cursor-default opacity-60',
            )}
          >
            <input
              type="radio"
              name={`${kind}-cover-version`}
              value={version.imageId}
              checked={version.imageId === current}
              disabled={disabled}
              onChange={() => onChoose(version)}
              className="peer sr-only"
            />
            <img
              src={wizardImageUrl(version.imageId)}
              alt={t('generation.versions.option', { number: index + 1, name })}
              width={72}
              height={72}
              loading="lazy"
              className="size-full object-cover"
            />
            <span
              aria-hidden="true"
              className="absolute right-1 bottom-1 hidden size-5 items-center justify-center rounded-full bg-coral-600 text-white peer-checked:flex"
            >
              <Check className="size-3.5" />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Steps 2 and 4: the AI-made cover while it is made, when it failed (with what to do about it), and
 * once it is there, to make another or go back to an earlier one (docs/spec.md section 4, Generation
 * screen states). Approving is the step bar's main button, always in sight (issue 20).
 */
export function StepGeneration(props: StepGenerationProps) {
  const { t } = useTranslation('wizard');
  const {
    kind,
    name,
    genderContext,
    cast,
    view,
    approving,
    onRegenerate,
    onChoose,
    onAdjusted,
    onRedrawingChange,
  } = props;
  // A redraw with the parent's look on its way: the cover shown stays, but is not the one to approve.
  const [redrawing, setRedrawing] = useState(false);
  // An earlier cover chosen again: the look panel starts over from its look and its unread parts.
  const [picks, setPicks] = useState(0);
  const showsResult = view.state === 'result';
  useEffect(() => {
    onRedrawingChange?.(showsResult && redrawing);
  }, [showsResult, redrawing, onRedrawingChange]);
  // The cover's own texts: the whole cast when the hero cover shows several children.
  const coverText = cast ? { name: cast.names, context: cast.context } : { name, context: genderContext };
  if (view.state === 'loading') return <Loading kind={kind} {...coverText} waitSeconds={props.waitSeconds} />;
  if (view.state === 'error') return <Problem {...props} problem={view.problem} />;
  const adjustable = kind === 'hero' && view.look !== undefined && onAdjusted !== undefined;
  const busy = approving || (adjustable && redrawing);
  const versions = view.versions ?? [];
  const cover = (
    // Sized to the window's height too, so on a laptop the cover and its buttons show above the
    // step bar without scrolling; smaller again once the row of earlier covers is under it.
    <div
      className={cn(
        'relative w-full min-w-48',
        versions.length > 1
          ? 'max-w-[min(28rem,calc(100dvh-37rem))]'
          : 'max-w-[min(28rem,calc(100dvh-25rem))]',
      )}
      aria-busy={adjustable && redrawing ? true : undefined}
    >
      <img
        src={wizardImageUrl(view.imageId)}
        alt={t(`generation.resultAlt.${kind}`, coverText)}
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
    <div className="flex w-full max-w-md flex-col items-center gap-4">
      {/* Once there are earlier covers, their row's own hint says what to do (and the cover
          with its buttons and the row still fit above the step bar on a laptop). */}
      {versions.length <= 1 && (
        <p className="text-center text-sm text-ink-700">{t('generation.approveHint')}</p>
      )}
      <Button variant="secondary" className="w-full sm:w-auto" disabled={busy} onClick={onRegenerate}>
        <RefreshCw aria-hidden="true" className="size-5" />
        {t('generation.regenerate')}
      </Button>
      {versions.length > 1 && (
        <CoverVersions
          kind={kind}
          name={name}
          versions={versions}
          current={view.imageId}
          disabled={busy}
          onChoose={(version) => {
            setPicks((count) => count + 1);
            onChoose(version);
          }}
        />
      )}
    </div>
  );
  if (!adjustable || !view.look) {
    return (
      <div className="flex flex-col items-center gap-5">
        {cover}
        {actions}
      </div>
    );
  }
  // Beside the panel from a tablet up, so the cover stays in view while the parent adjusts it; on
  // a phone the panel comes after the cover and its buttons.
  return (
    <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_20rem] sm:items-start">
      <div className="flex flex-col items-center gap-4 sm:sticky sm:top-4">
        {cover}
        {actions}
      </div>
      <LookPanel
        key={picks}
        name={name}
        look={view.look}
        unread={view.unread}
        coverUrl={wizardImageUrl(view.imageId)}
        onRedrawn={onAdjusted}
        onBusyChange={setRedrawing}
      />
    </div>
  );
}
