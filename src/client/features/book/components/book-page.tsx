import { CircleAlert } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { CoverType } from '../../../../shared/domain/statuses';
import { useSession } from '../../../components/auth/get-session';
import { signInPath } from '../../../components/auth/safe-redirect';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { Button, buttonClass } from '../../../components/ui/button';
import { statusOf } from '../../../lib/api-client';
import { atFirstInteraction } from '../../../lib/at-first-interaction';
import { useBook, useGiftCopy } from '../api/get-book';
import { pagesOnBinding } from '../lib/front-binding';
import { ApprovePanel } from './approve-panel';
import { BookProgress } from './book-progress';
import { BookShell } from './book-shell';
import { BookSkeleton } from './book-skeleton';
import { CopyBanner } from './copy-banner';
import { CoverSheetPanel, shownBinding } from './cover-sheet-panel';
import { Reader } from './reader';
import { RedrawButton, RedrawChoice } from './redraw';

// The text changes below the book (a form, with zod and react-hook-form) load at the first press or
// when scrolled near, not with the reader: they are not part of the page's first load (issue 33).
const loadChangesPanel = () => import('./changes-panel');
const ChangesPanel = lazy(() => loadChangesPanel().then((module) => ({ default: module.ChangesPanel })));
atFirstInteraction(loadChangesPanel);

function Notice({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-coral-600" />
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="text-ink-700 sm:text-lg">{text}</p>
      {children}
    </section>
  );
}

/**
 * /book/{bookInstanceId}: the book drawn before paying (issue 15). Needs sign-in (and comes back
 * here after it). While drawing: the progress; then the reader of every page, the changes and
 * "This is my book". A paid book is read only.
 */
export function BookPage({ bookInstanceId, copy }: { bookInstanceId: string; copy?: number | undefined }) {
  const { t } = useTranslation('book');
  const location = useLocation();
  const session = useSession();
  // A gift copy reads the book too: its own words are told from the book's.
  const ownQuery = useBook(bookInstanceId, { enabled: session.isSignedIn });
  const copyQuery = useGiftCopy(bookInstanceId, copy ?? 0, {
    enabled: session.isSignedIn && copy !== undefined,
  });
  const query = copy === undefined ? ownQuery : copyQuery;
  const book = query.data;
  // The Softcover/Hardcover switch under the reader: the cover sheet and the front cover follow it.
  const [chosenBinding, setChosenBinding] = useState<CoverType>();
  useDocumentTitle(t('metaTitle', { title: book?.title ?? t('shell.title') }));

  if (!session.isLoading && !session.isSignedIn) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (!book) {
    const status = query.isError ? statusOf(query.error) : undefined;
    if (status === 404 || status === 400) {
      return (
        <BookShell>
          <Notice title={t('notFound.title')} text={t('notFound.text')}>
            <Link to="/profile" className={buttonClass()}>
              {t('notFound.action')}
            </Link>
          </Notice>
        </BookShell>
      );
    }
    if (!query.isError) return <BookSkeleton />;
    return (
      <BookShell>
        <Notice title={t('loadFailed.title')} text={t('loadFailed.text')}>
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('loadFailed.retry')}
          </Button>
        </Notice>
      </BookShell>
    );
  }
  if (book.status === 'archived') {
    return (
      <BookShell>
        <Notice title={t('failed.title')} text={t('failed.text')}>
          <Link to="/profile" className={buttonClass()}>
            {t('failed.action')}
          </Link>
        </Notice>
      </BookShell>
    );
  }
  if (book.status === 'abandoned') {
    return (
      <BookShell>
        <Notice title={t('abandoned.title')} text={t('abandoned.text')}>
          <Link to={`/wizard?${new URLSearchParams({ type: book.bookType })}`} className={buttonClass()}>
            {t('abandoned.action')}
          </Link>
        </Notice>
      </BookShell>
    );
  }
  if (book.pages.length === 0) {
    return (
      <BookShell>
        <BookProgress book={book} />
      </BookShell>
    );
  }

  if (book.copy !== undefined) {
    // The checkout's link names the copy's recipient (router state; a reload shows its number).
    const recipient = (location.state as { recipient?: unknown } | null)?.recipient;
    return (
      <BookShell>
        <div className="flex flex-col gap-6 sm:gap-8">
          <div>
            <h1 className="text-3xl font-semibold sm:text-4xl">{book.title}</h1>
            <p className="mt-2 text-ink-700 sm:text-lg">{t('copy.lead', { copy: book.copy })}</p>
          </div>
          <CopyBanner
            copy={book}
            own={ownQuery.data}
            recipient={typeof recipient === 'string' && recipient !== '' ? recipient : undefined}
            bookInstanceId={bookInstanceId}
          />
          <Reader
            pages={book.pages}
            title={book.title}
            language={book.language}
            wordsOnPicture={book.bookType === 'storybook'}
          />
          <CoverSheetPanel
            book={book}
            binding={shownBinding(book, chosenBinding)}
            onBindingChange={setChosenBinding}
          />
        </div>
      </BookShell>
    );
  }

  const editable = !book.paid;
  const binding = shownBinding(book, chosenBinding);
  return (
    <BookShell>
      <div className="flex flex-col gap-6 sm:gap-8">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">{book.title}</h1>
          <p className="mt-2 text-ink-700 sm:text-lg">
            {book.paid ? t('reader.leadPaid') : t('reader.lead')}
          </p>
        </div>
        {book.paid ? (
          <p className="rounded-3xl bg-green-50 p-5 font-semibold ring-1 ring-green-600/30">
            {t('paid')}{' '}
            <Link to="/profile?tab=orders" className="underline">
              {t('paidLink')}
            </Link>
          </p>
        ) : (
          <ApprovePanel book={book} />
        )}
        {editable &&
          book.candidates.map((candidate) => (
            <RedrawChoice key={candidate.position} book={book} candidate={candidate} />
          ))}
        <Reader
          pages={pagesOnBinding(book, binding)}
          title={book.title}
          language={book.language}
          wordsOnPicture={book.bookType === 'storybook'}
          pageActions={editable ? (page) => <RedrawButton book={book} page={page} /> : undefined}
        />
        <CoverSheetPanel book={book} binding={binding} onBindingChange={setChosenBinding} />
        {editable && (
          <WhenNear>
            <Suspense fallback={null}>
              <ChangesPanel book={book} />
            </Suspense>
          </WhenNear>
        )}
      </div>
    </BookShell>
  );
}

/** Its children once the visitor has pressed anything or scrolled within a screen of it. */
function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (an old browser, the tests) at once; in the server's paint never,
  // so the browser's hydration (which starts without it too) finds the same empty box (issue 33).
  const [near, setNear] = useState(
    typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && show(),
      {
        rootMargin: '100% 0px',
      },
    );
    observer.observe(element);
    window.addEventListener('pointerdown', show, { once: true, capture: true });
    window.addEventListener('keydown', show, { once: true, capture: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('pointerdown', show, true);
      window.removeEventListener('keydown', show, true);
    };
  }, [near]);
  return <div ref={ref}>{near && children}</div>;
}
