import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { Skeleton, SkeletonButton, SkeletonLine } from '../../../components/ui/skeleton';
import { useWideScreen } from '../lib/use-wide-screen';
import { BookShell } from './book-shell';

/** More thumbnails than fit a laptop's width: the strip is as full as a loaded book's. */
const THUMBNAILS = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10', 't11', 't12'];

/**
 * The reader while the book loads: the title, the panel under it, the page frame where the cover
 * opens (alone on the right of the open book on a wide screen), the page buttons and the strip of
 * thumbnails, in the loaded reader's boxes (issue 19). Only "Opening your book…" is said.
 */
export function BookSkeleton() {
  const { t } = useTranslation('book');
  const wide = useWideScreen();
  return (
    <BookShell>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div aria-hidden="true" data-testid="book-skeleton" className="flex flex-col gap-6 sm:gap-8">
        <div>
          <SkeletonLine className="text-3xl sm:text-4xl" width="w-3/4 sm:w-1/2" />
          {/* On a phone the title takes two lines and the lead three. */}
          <SkeletonLine className="text-3xl sm:hidden" width="w-2/3" />
          <SkeletonLine className="mt-2 sm:text-lg" width="w-full sm:w-2/3" />
          <SkeletonLine className="sm:hidden" />
          <SkeletonLine className="sm:hidden" width="w-1/3" />
        </div>
        <Skeleton className="h-36 rounded-3xl sm:h-24" />
        <div className="flex flex-col gap-4">
          <div
            className={cn(
              'mx-auto grid w-full gap-4',
              wide ? 'max-w-4xl grid-cols-2 items-start' : 'max-w-xl grid-cols-1',
            )}
          >
            <div className={cn('flex min-w-0 flex-col gap-3', wide && 'col-start-2')}>
              <Skeleton className="aspect-square w-full" />
              <div className="flex flex-col gap-1 px-1">
                <SkeletonLine className="text-sm" width="w-1/4" />
                <SkeletonLine className="font-display text-xl" width="w-2/3" />
              </div>
            </div>
          </div>
          <div className="mx-auto flex w-full max-w-4xl items-center justify-between gap-3">
            <SkeletonButton className="w-11 sm:w-32" />
            <SkeletonLine width="w-20" />
            <SkeletonButton className="w-11 sm:w-32" />
          </div>
          <div className="flex gap-2 overflow-hidden px-1 py-2">
            {THUMBNAILS.map((thumbnail) => (
              <Skeleton key={thumbnail} className="size-16 shrink-0 rounded-xl sm:size-20" />
            ))}
          </div>
        </div>
      </div>
    </BookShell>
  );
}
