import { Check, Loader2, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  BookPreview,
  BookPreviewPage,
  RedrawCandidate,
} from '../../../../shared/contracts/book-preview';
import { Button } from '../../../components/ui/button';
import { codeOf } from '../../../lib/api-client';
import { useChooseRedraw } from '../api/choose-redraw';
import { useRedrawPage } from '../api/redraw-page';
import { imageAt, pageName, srcSet } from '../lib/page-names';
import { useErrorMessage } from '../lib/use-error-message';

/** "Draw this page again" under a page, with how many redraws the book has left. */
export function RedrawButton({ book, page }: { book: BookPreview; page: BookPreviewPage }) {
  const { t } = useTranslation('book');
  const errorMessage = useErrorMessage();
  const redraw = useRedrawPage(book.id);
  const left = Math.max(0, book.redraws.max - book.redraws.used);
  const pending = book.candidates.length > 0;
  const name = pageName(t, page);
  if (!page.redrawable || book.paid) return null;
  return (
    <div className="mt-2 flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={left === 0 || pending || redraw.isPending}
        onClick={() => redraw.mutate(page.position)}
        aria-label={t('redraw.actionLabel', { page: name })}
      >
        {redraw.isPending ? (
          <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
        ) : (
          <RefreshCw aria-hidden="true" className="size-4" />
        )}
        {t('redraw.action')}
      </Button>
      <span className="text-sm text-ink-700">
        {left === 0 ? t('redraw.noneLeft') : t('redraw.left', { count: left, max: book.redraws.max })}
      </span>
      {redraw.isError && (
        <span role="alert" className="text-sm font-semibold text-red-700">
          {errorMessage(codeOf(redraw.error), t('redraw.failed'))}
        </span>
      )}
    </div>
  );
}

/**
 * A page drawn again: while it is drawn, a line that says so; then the old and the new picture side
 * by side, and "Keep this one" under each. The new one makes a new version of the book.
 */
export function RedrawChoice({ book, candidate }: { book: BookPreview; candidate: RedrawCandidate }) {
  const { t } = useTranslation('book');
  const errorMessage = useErrorMessage();
  const id = useId();
  const choose = useChooseRedraw(book.id);
  const page = book.pages.find((item) => item.position === candidate.position);
  if (!page) return null;
  const name = pageName(t, page);

  const option = (picture: 'old' | 'new') => {
    const images = picture === 'old' ? page.images : candidate.images;
    const image = imageAt(images, 960);
    return (
      <figure className="flex flex-col gap-3">
        <div className="aspect-square overflow-hidden rounded-2xl bg-cream-50 ring-1 ring-sand-300/70">
          {image && (
            <img
              src={image.url}
              srcSet={srcSet(images)}
              sizes="(min-width: 1152px) 520px, (min-width: 640px) 45vw, calc(100vw - 3rem)"
              width={960}
              height={960}
              alt={t(`redraw.${picture}Alt`, { page: name })}
              className="size-full object-cover"
            />
          )}
        </div>
        <figcaption className="flex flex-col items-start gap-2">
          <span className="font-bold">{t(`redraw.${picture}`)}</span>
          <Button
            variant={picture === 'new' ? 'primary' : 'secondary'}
            disabled={choose.isPending}
            onClick={() => choose.mutate({ position: page.position, picture })}
            aria-label={t(`redraw.keep${picture === 'old' ? 'Old' : 'New'}Label`, { page: name })}
          >
            <Check aria-hidden="true" className="size-5" />
            {t('redraw.keep')}
          </Button>
        </figcaption>
      </figure>
    );
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-3xl bg-lavender-100 p-5 sm:p-6"
      data-testid="redraw-choice"
    >
      <h2 id={`${id}-heading`} className="font-display text-2xl font-semibold">
        {t('redraw.heading', { page: name })}
      </h2>
      {candidate.status === 'drawing' && (
        <p role="status" className="flex items-center gap-2 font-semibold">
          <Loader2 aria-hidden="true" className="size-5 text-coral-600 motion-safe:animate-spin" />
          {t('redraw.drawing')}
        </p>
      )}
      {candidate.status === 'failed' && (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="font-semibold text-red-700">
            {t('redraw.drawFailed')}
          </p>
          <Button
            variant="secondary"
            onClick={() => choose.mutate({ position: page.position, picture: 'old' })}
          >
            {t('redraw.keepOldAfterFailure')}
          </Button>
        </div>
      )}
      {candidate.status === 'ready' && (
        <>
          <p className="text-ink-700">{t('redraw.chooseLead')}</p>
          {candidate.free && (
            <p role="status" className="font-semibold text-ink-900" data-testid="redraw-free">
              {t('redraw.free', { max: book.redraws.max })}
            </p>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            {option('old')}
            {option('new')}
          </div>
        </>
      )}
      {choose.isError && (
        <p role="alert" className="font-semibold text-red-700">
          {errorMessage(codeOf(choose.error), t('redraw.chooseFailed'))}
        </p>
      )}
    </section>
  );
}
