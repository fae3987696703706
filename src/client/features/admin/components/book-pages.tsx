import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookPreviewPage } from '../../../../shared/contracts/book-preview';
import { useAdminBook } from '../api/admin-api';
import { LoadFailed } from './load-failed';

/**
 * Every page of the order's book with its words, as the parent approved it: the operator checks
 * what prints (and what a parent complains about) without a database or a PDF.
 */
export function BookPages({ bookInstanceId, reviewing }: { bookInstanceId: string; reviewing: boolean }) {
  const { t } = useTranslation(['admin', 'book']);
  // A book waiting for review opens on its pages: that is what the operator came to look at.
  const [open, setOpen] = useState(reviewing);
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
            <PageCard key={page.position} page={page} />
          ))}
        </ol>
      )}
    </details>
  );
}

function PageCard({ page }: { page: BookPreviewPage }) {
  const { t } = useTranslation('book');
  const name =
    page.kind === 'story'
      ? t('pages.story', { number: page.storyPage ?? page.position })
      : t(`pages.${page.kind}`);
  const words = [page.title, page.subtitle, page.text, page.signature].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-1.5 rounded-2xl bg-cream-100 p-2 ring-1 ring-sand-300/70">
      {page.images.length > 0 ? (
        <img
          src={page.images[0]?.url}
          srcSet={page.images.map((image) => `${image.url} ${image.width}w`).join(', ')}
          sizes="(min-width: 1024px) 260px, 45vw"
          alt={name}
          width={480}
          height={480}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full rounded-xl bg-white object-cover"
        />
      ) : (
        <div className="grid aspect-square w-full place-items-center rounded-xl bg-white text-sm text-ink-700">
          {name}
        </div>
      )}
      <span className="text-sm font-bold">{name}</span>
      {words && <span className="line-clamp-4 text-xs text-ink-700">{words}</span>}
    </li>
  );
}
