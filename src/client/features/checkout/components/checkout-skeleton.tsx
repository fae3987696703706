import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Skeleton, SkeletonButton, SkeletonLine } from '../../../components/ui/skeleton';
import { CheckoutShell } from './checkout-shell';
import { type CheckoutStep, CheckoutSteps } from './checkout-steps';

const card = 'rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6';

/** The step bar's place: the same bar, Previous and the main button as still blocks. */
function FooterSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="sticky bottom-0 z-30 border-t border-sand-300/70 bg-cream-50/95 backdrop-blur-md"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <SkeletonButton className="w-32" />
        <SkeletonButton className="w-28 sm:w-56" />
      </div>
    </div>
  );
}

/** Step 1's place: the cover beside the two choices and the copies. */
function CoverStepSkeleton() {
  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:items-start lg:gap-12">
      <div className="flex flex-col items-center gap-3">
        <Skeleton className="aspect-square w-full max-w-sm rounded-3xl" />
        <SkeletonLine className="w-full text-center font-display text-xl" width="w-1/2" />
        <SkeletonLine className="w-full text-center" width="w-1/3" />
      </div>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-3">
          <SkeletonLine className="mb-3 font-display text-xl" width="w-2/5" />
          <div className="grid gap-3 sm:grid-cols-2">
            <Skeleton className="h-[6.5rem]" />
            <Skeleton className="h-[6.5rem]" />
          </div>
        </div>
        <div className="flex flex-col gap-3">
          <SkeletonLine className="mb-1 font-display text-xl" width="w-1/2" />
          <SkeletonLine className="mb-2" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-[5.75rem]" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Steps 2 and 3: the form or the recap beside the order summary. */
function FormStepSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex flex-col gap-6">
        {[0, 1, 2].map((key) => (
          <div key={key} className={card}>
            <SkeletonLine className="text-xl" width="w-2/5" />
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          </div>
        ))}
      </div>
      <div className={card}>
        <SkeletonLine className="text-xl" width="w-1/2" />
        <div className="mt-4 flex flex-col gap-3">
          {[0, 1, 2, 3].map((key) => (
            <SkeletonLine key={key} />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The checkout while it loads: its frame, step bar, progress, heading and the step's boxes in their
 * places, so nothing moves when the book arrives (issue 19). The step is the address's, as the
 * loaded checkout reads it; only "Loading your checkout…" is said.
 */
export function CheckoutSkeleton({ bookInstanceId }: { bookInstanceId: string }) {
  const { t } = useTranslation('checkout');
  const requested = useSearchParams()[0].get('step');
  const step: CheckoutStep = requested === '2' ? 2 : requested === '3' ? 3 : 1;
  return (
    // The way back of a drawn book (the checkout pays approved books, drawn first): the header's
    // link keeps its width when the checkout arrives.
    <CheckoutShell
      footer={<FooterSkeleton />}
      back={{ to: `/book/${encodeURIComponent(bookInstanceId)}`, label: t('notApproved.back') }}
    >
      <p role="status" className="sr-only">
        {t('shell.loading')}
      </p>
      <div aria-hidden="true" data-testid="checkout-skeleton" className="flex flex-col">
        <CheckoutSteps step={step} />
        <div className="mb-6 sm:mb-8">
          <SkeletonLine className="text-3xl sm:text-4xl" width="w-3/4 sm:w-1/2" />
          <SkeletonLine className="mt-2 sm:text-lg" width="w-full sm:w-2/3" />
          {/* The lead takes two lines on a phone. */}
          <SkeletonLine className="sm:hidden" width="w-3/5" />
        </div>
        {step === 1 ? <CoverStepSkeleton /> : <FormStepSkeleton />}
      </div>
    </CheckoutShell>
  );
}
