import { ChevronLeft, ChevronRight, Download, Images, Loader2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileBook } from '../../../../shared/contracts/profile';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { statusOf } from '../../../lib/api-client';
import { useGallery } from '../api/get-gallery';
import { imageDownloadHref } from '../lib/links';
import { LoadError } from './load-error';

type BodyProps = {
  book: Pick<ProfileBook, 'id' | 'title'>;
  gallery: ReturnType<typeof useGallery>;
  index: number;
  setIndex: (index: number) => void;
  move: (step: number) => void;
};

function GalleryBody({ book, gallery, index, setIndex, move }: BodyProps) {
  const { t } = useTranslation('profile');
  const images = gallery.data?.images ?? [];
  const total = images.length;
  const current = images[index];
  const title = gallery.data?.title ?? book.title;

  if (gallery.isError) {
    if (statusOf(gallery.error) === 409) return <p className="py-8 text-center">{t('gallery.notReady')}</p>;
    return (
      <LoadError error={gallery.error} onRetry={() => void gallery.refetch()} retrying={gallery.isFetching} />
    );
  }
  if (!gallery.data) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-ink-700">
        <Loader2 aria-hidden="true" className="size-5 text-coral-600 motion-safe:animate-spin" />
        {t('gallery.loading')}
      </p>
    );
  }
  if (!current) return <p className="py-8 text-center">{t('gallery.empty')}</p>;

  return (
    <div className="flex flex-col gap-4">
      <figure className="flex flex-col gap-3">
        <div className="relative flex items-center justify-center overflow-hidden rounded-2xl bg-ink-900/5">
          <img
            key={current.id}
            src={current.url}
            alt={t('gallery.imageAlt', { position: current.position, title })}
            className="max-h-[55dvh] w-full object-contain"
          />
        </div>
        <figcaption className="flex flex-wrap items-center justify-between gap-3">
          <span aria-live="polite" className="font-bold tabular-nums" data-testid="gallery-counter">
            {t('gallery.counter', { current: index + 1, total })}
          </span>
          <a
            href={imageDownloadHref(current.id)}
            download
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('gallery.download')}
          </a>
        </figcaption>
      </figure>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="icon" onClick={() => move(-1)} aria-label={t('gallery.previous')}>
          <ChevronLeft aria-hidden="true" className="size-6" />
        </Button>
        <ul aria-label={t('gallery.thumbnails')} className="flex min-w-0 flex-1 gap-2 overflow-x-auto p-1">
          {images.map((image, position) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={t('gallery.thumbnailLabel', { number: position + 1 })}
                aria-current={position === index ? 'true' : undefined}
                className={cn(
                  'block overflow-hidden rounded-xl ring-2 transition-shadow',
                  position === index ? 'ring-coral-600' : 'ring-transparent hover:ring-sand-300',
                )}
              >
                <img src={image.url} alt="" loading="lazy" className="h-14 w-20 object-cover" />
              </button>
            </li>
          ))}
        </ul>
        <Button variant="secondary" size="icon" onClick={() => move(1)} aria-label={t('gallery.next')}>
          <ChevronRight aria-hidden="true" className="size-6" />
        </Button>
      </div>
    </div>
  );
}

/** View Images: a paid book's pictures as approved, one by one, with thumbnails and a download. */
export function GalleryDialog({ book }: { book: Pick<ProfileBook, 'id' | 'title'> }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const gallery = useGallery(book.id, { enabled: open });
  const total = gallery.data?.images.length ?? 0;
  const move = (step: number) => setIndex((value) => (total === 0 ? 0 : (value + step + total) % total));

  // Arrow keys anywhere in the dialog turn the pages (docs/spec.md section 2), the first and last loop.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      move(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setIndex(0);
      }}
      onKeyDown={onKeyDown}
      title={book.title}
      description={t('gallery.description')}
      closeLabel={t('gallery.close')}
      maxWidth="max-w-3xl"
      trigger={
        <Button size="sm">
          <Images aria-hidden="true" className="size-4" />
          {t('books.viewImages')}
        </Button>
      }
    >
      <GalleryBody book={book} gallery={gallery} index={index} setIndex={setIndex} move={move} />
    </Dialog>
  );
}
