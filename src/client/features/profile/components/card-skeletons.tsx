import { cn } from '../../../components/ui/cn';

// Decorative blocks holding the place of the cards; the tab says "Loading…" once, in a status.
const tint = 'bg-ink-900/5 motion-safe:animate-pulse';

function Skeleton({ className }: { className?: string }) {
  return <span className={cn('block rounded-2xl', tint, className)} />;
}

/** One line of text's place, as tall as a line in `className`'s font classes. */
function SkeletonLine({ className, width }: { className?: string; width: string }) {
  return (
    <span className={cn('block', className)}>
      <span className={cn('inline-block h-[0.7em] rounded-full align-middle', tint, width)} />
    </span>
  );
}

/** A small button's place (components/ui/button.tsx `sm`: h-10). */
function SkeletonButton({ className }: { className?: string }) {
  return <span className={cn('block h-10 rounded-full', tint, className)} />;
}

const card = 'flex flex-col gap-4 rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6';

/**
 * A book card's place while My Books loads: the same boxes as `BookCard` for a book being drawn
 * (cover, title and date, progress bar, progress line, one row of small buttons).
 */
export function BookCardSkeleton() {
  return (
    <li aria-hidden="true" data-testid="book-card-skeleton">
      <div className={card}>
        <div className="flex items-start gap-4">
          <Skeleton className="size-20 shrink-0 sm:size-24" />
          <div className="min-w-0 flex-1">
            <SkeletonLine className="text-xl" width="w-3/4" />
            {/* A book's title takes two lines on a phone. */}
            <SkeletonLine className="text-xl sm:hidden" width="w-1/2" />
            <SkeletonLine className="mt-0.5 text-sm" width="w-1/2" />
            <Skeleton className="mt-3 h-7 w-24 rounded-full" />
          </div>
        </div>
        <div className="flex items-center gap-3">
          <Skeleton className="h-3 flex-1 rounded-full" />
          <SkeletonLine className="w-12 text-sm" width="w-10" />
        </div>
        <SkeletonLine className="-mt-1" width="w-2/3" />
        <div className="flex flex-wrap gap-2">
          <SkeletonButton className="w-40" />
          <SkeletonButton className="w-28" />
        </div>
      </div>
    </li>
  );
}

/** An order card's place while the Orders tab loads: the same boxes as `OrderCard`. */
export function OrderCardSkeleton() {
  return (
    <li aria-hidden="true" data-testid="order-card-skeleton">
      <div className={card}>
        <div className="flex items-start gap-4">
          <Skeleton className="size-16 shrink-0" />
          <div className="min-w-0 flex-1">
            <SkeletonLine className="text-lg sm:text-xl" width="w-3/4" />
            <Skeleton className="mt-2 h-7 w-24 rounded-full" />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          {[0, 1, 2].map((key) => (
            <div key={key}>
              <SkeletonLine className="text-xs" width="w-16" />
              <SkeletonLine width="w-24" />
            </div>
          ))}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <SkeletonButton className="sm:w-36" />
          <SkeletonButton className="sm:w-44" />
          <SkeletonButton className="sm:w-32" />
        </div>
      </div>
    </li>
  );
}
