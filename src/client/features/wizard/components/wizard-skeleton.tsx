import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Skeleton, SkeletonButton, SkeletonLine } from '../../../components/ui/skeleton';
import { WizardShell } from './wizard-shell';

/** The step bar's place: "Step X of 5" and the progress, Previous and Next, as still blocks. */
function FooterSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="sticky bottom-0 z-30 border-t border-sand-300/70 bg-cream-50/95 backdrop-blur-md"
    >
      <div className="mx-auto flex max-w-2xl flex-col gap-3 px-4 py-3 sm:px-6">
        <div className="flex items-center gap-3">
          <SkeletonLine className="shrink-0 text-sm" width="w-20" />
          <span className="block h-2.5 flex-1 rounded-full bg-ink-100" />
        </div>
        <div className="flex items-center justify-between gap-3">
          <SkeletonButton className="w-11 sm:w-32" />
          <SkeletonButton className="w-28 sm:w-36" />
        </div>
      </div>
    </div>
  );
}

/** A labelled field's place: its label line, its box and, where it has one, its hint. */
function FieldSkeleton({ width = 'w-full', hint = false }: { width?: string; hint?: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <SkeletonLine className="font-bold" width="w-1/3" />
      <Skeleton className={`h-12 ${width}`} />
      {hint && <SkeletonLine className="text-sm" width="w-2/5" />}
    </div>
  );
}

/** The child's and the toy's steps: the fields, the photo's square and its button. */
function FieldsSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <FieldSkeleton />
      <div className="flex flex-col gap-2">
        <SkeletonLine className="mb-1.5 font-bold" width="w-1/4" />
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      </div>
      <FieldSkeleton width="sm:max-w-48" hint />
      <div className="flex flex-col gap-3">
        <div>
          <SkeletonLine className="font-bold" width="w-1/4" />
          <SkeletonLine className="mt-1 text-sm" />
          <SkeletonLine className="text-sm sm:hidden" width="w-3/5" />
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Skeleton className="size-36 shrink-0" />
          <SkeletonButton className="w-44" />
        </div>
      </div>
      <Skeleton className="h-20" />
    </div>
  );
}

/**
 * The wizard while its session is read: the frame, the step bar, the heading and the step's boxes
 * in their places (a cover's square on the cover steps), so nothing moves when the step arrives
 * (issue 19). Only "Loading…" is said.
 */
export function WizardSkeleton() {
  const { t } = useTranslation('common');
  const step = useSearchParams()[0].get('step');
  const cover = step === '2' || step === '4';
  return (
    <WizardShell footer={<FooterSkeleton />}>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div aria-hidden="true" data-testid="wizard-skeleton" className="flex flex-col">
        <div className="mb-6 sm:mb-8">
          <SkeletonLine className="text-3xl sm:text-4xl" width="w-3/4 sm:w-2/3" />
          {/* Heading and lead take two lines each on a phone. */}
          <SkeletonLine className="text-3xl sm:hidden" width="w-2/3" />
          <SkeletonLine className="mt-2 sm:text-lg" />
          <SkeletonLine className="sm:hidden" width="w-3/4" />
        </div>
        {cover ? (
          <Skeleton className="mx-auto aspect-square w-full max-w-md rounded-3xl" />
        ) : (
          <FieldsSkeleton />
        )}
      </div>
    </WizardShell>
  );
}
