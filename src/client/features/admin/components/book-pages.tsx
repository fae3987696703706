import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookPreview, BookPreviewPage, PreviewImage } from '../../../../shared/contracts/book-preview';
import { Button } from '../../../components/ui/button';
import { useAdminBook } from '../api/admin-api';
import { ActionDialog } from './action-dialog';
import { LoadFailed } from './load-failed';

type BookPagesProps = {
  orderId: string;
  bookInstanceId: string;
  /** The book waits for review: it opens on its pages, with the approved covers kept in view. */
  reviewing: boolean;
  /** The book is kept from the printer: a page may be drawn again and its picture chosen. */
  canRedraw: boolean;
};

/**
 * Every page of the order's book with its words, as it will print: the operator checks it (review
 * before print, or a parent's complaint) without a database or a PDF, and may have a page drawn
 * again before it goes to the printer.
 */
export function BookPages({ orderId, bookInstanceId, reviewing, canRedraw }: BookPagesProps) {
  const { t } = useTranslation(['admin', 'book']);
  const [open, setOpen] = useState(reviewing);
  const [dialog, setDialog] = useState<{
    action: 'redraw' | 'redraw-choice';
    position: number;
    name: string;
  } | null>(null);
  const book = useAdminBook(bookInstanceId, open);
  const covers =
    book.data?.pages.filter((page) => page.kind === 'front-cover' || page.kind === 'back-cover') ?? [];
  return (
    <details open={reviewing} className="mt-4" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-bold underline underline-offset-4">
        {t('admin:order.showPages')}
      </summary>
      {open && book.isPending && <p className="py-4 text-ink-700">{t('admin:loading')}</p>}
      {open && book.isError && <LoadFailed onRetry={() => void book.refetch()} />}
      {book.data && reviewing && covers.length > 0 && (
        // While reviewing, the approved hero and toy covers stay in view beside the pages.
        <div className="sticky top-0 z-10 mt-4 flex items-center gap-3 rounded-2xl bg-white/95 p-2 ring-1 ring-sand-300/70">
          {covers.map((page) => (
            <img
              key={page.position}
              src={page.images[0]?.url}
              alt={t(`book:pages.${page.kind}`)}
              width={96}
              height={96}
              className="size-20 rounded-xl object-cover sm:size-24"
            />
          ))}
          <p className="text-sm text-ink-700">{t('admin:order.approvedCovers')}</p>
        </div>
      )}
      {book.data && (
        <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {book.data.pages.map((page) => (
            <PageCard
              key={page.position}
              page={page}
              candidate={book.data.candidates.find((candidate) => candidate.position === page.position)}
              canRedraw={canRedraw}
              onAct={(action, name) => setDialog({ action, position: page.position, name })}
            />
          ))}
        </ol>
      )}
      {dialog && (
        <ActionDialog
          orderId={orderId}
          action={dialog.action}
          refundable={0}
          page={{ position: dialog.position, name: dialog.name }}
          onClose={() => setDialog(null)}
        />
      )}
    </details>
  );
}

const srcSet = (images: readonly PreviewImage[]) =>
  images.map((image) => `${image.url} ${image.width}w`).join(', ');

function Picture({ images, alt }: { images: readonly PreviewImage[]; alt: string }) {
  if (images.length === 0) {
    return (
      <div className="grid aspect-square w-full place-items-center rounded-xl bg-white text-sm text-ink-700">
        {alt}
      </div>
    );
  }
  return (
    <img
      src={images[0]?.url}
      srcSet={srcSet(images)}
      sizes="(min-width: 1024px) 260px, 45vw"
      alt={alt}
      width={480}
      height={480}
      loading="lazy"
      decoding="async"
      className="aspect-square w-full rounded-xl bg-white object-cover"
    />
  );
}

type PageCardProps = {
  page: BookPreviewPage;
  candidate: BookPreview['candidates'][number] | undefined;
  canRedraw: boolean;
  onAct: (action: 'redraw' | 'redraw-choice', name: string) => void;
};

function PageCard({ page, candidate, canRedraw, onAct }: PageCardProps) {
  const { t } = useTranslation(['admin', 'book']);
  const name =
    page.kind === 'story'
      ? t('book:pages.story', { number: page.storyPage ?? page.position })
      : t(`book:pages.${page.kind}`);
  const words = [page.title, page.subtitle, page.text, page.signature].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-1.5 rounded-2xl bg-cream-100 p-2 ring-1 ring-sand-300/70">
      <Picture images={page.images} alt={name} />
      <span className="text-sm font-bold">{name}</span>
      {words && <span className="line-clamp-4 text-xs text-ink-700">{words}</span>}
      {candidate?.status === 'drawing' && (
        <p className="flex items-center gap-1.5 text-sm font-semibold" role="status">
          <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          {t('admin:order.redrawing')}
        </p>
      )}
      {candidate?.status === 'ready' && (
        <>
          <span className="mt-1 text-sm font-bold text-coral-700">{t('admin:order.newPictureLabel')}</span>
          <Picture images={candidate.images} alt={t('admin:order.newPicture', { page: name })} />
          {canRedraw && (
            <Button
              size="sm"
              aria-label={t('admin:actions.redrawChoice.label', { page: name })}
              onClick={() => onAct('redraw-choice', name)}
            >
              {t('admin:actions.redrawChoice.button')}
            </Button>
          )}
        </>
      )}
      {candidate?.status === 'failed' && (
        <p className="text-sm font-semibold text-red-700">{t('admin:order.redrawFailed')}</p>
      )}
      {canRedraw && page.redrawable && (!candidate || candidate.status === 'failed') && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('admin:actions.redraw.label', { page: name })}
          onClick={() => onAct('redraw', name)}
        >
          {t('admin:actions.redraw.button')}
        </Button>
      )}
    </li>
  );
}
