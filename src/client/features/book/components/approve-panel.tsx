import { ArrowRight, BadgeCheck, BookHeart, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { BookPreview } from '../../../../shared/contracts/book-preview';
import { joinNames } from '../../../../shared/domain/cast';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { codeOf } from '../../../lib/api-client';
import { useApproveBook } from '../api/approve-book';
import { useErrorMessage } from '../lib/use-error-message';

const checkoutHref = (id: string) => `/checkout/${encodeURIComponent(id)}`;

/**
 * "This is my book": a dialog says what is frozen (every picture and word as shown), then the
 * current version is approved and the checkout opens. An approved current version goes straight
 * to payment; a change since the approval asks for a new one.
 */
export function ApprovePanel({ book }: { book: BookPreview }) {
  const { t } = useTranslation('book');
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const approve = useApproveBook(book.id);
  const [open, setOpen] = useState(false);
  // Issue 18: one e-mail after a day if the book is not ordered, only when the parent asks for it.
  const [remindMe, setRemindMe] = useState(false);
  const approved = book.approvedVersion !== null && book.approvedVersion === book.currentVersion;
  const changedSince = book.approvedVersion !== null && !approved;
  const waiting = book.candidates.length > 0;

  if (approved) {
    return (
      <div className="flex flex-col gap-3 rounded-3xl bg-green-50 p-5 ring-1 ring-green-600/30 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 font-semibold">
          <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          {t('approve.approved')}
        </p>
        <Link to={checkoutHref(book.id)} className={buttonClass({ className: 'shrink-0' })}>
          {t('approve.continue')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      </div>
    );
  }

  const confirm = () => {
    if (book.currentVersion === null) return;
    approve.mutate(
      { version: book.currentVersion, remindMe },
      {
        onSuccess: () => {
          setOpen(false);
          void navigate(checkoutHref(book.id));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 rounded-3xl bg-coral-100 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{changedSince ? t('approve.changedSince') : t('approve.lead')}</p>
        {waiting && <p className="text-sm text-ink-700">{t('approve.waitForRedraw')}</p>}
      </div>
      <Button size="lg" className="shrink-0" disabled={waiting} onClick={() => setOpen(true)}>
        <BookHeart aria-hidden="true" className="size-5" />
        {t('approve.action')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) approve.reset();
        }}
        title={t('approve.dialog.title')}
        description={t('approve.dialog.description')}
        closeLabel={t('approve.dialog.cancel')}
        dismissible={!approve.isPending}
      >
        <ul className="flex list-disc flex-col gap-1 pl-5">
          <li>{t('approve.dialog.frozenPictures')}</li>
          <li>
            {book.names.companions?.length
              ? // Every child of the cast and the toy, as the book's language lists them (issue 35).
                t('approve.dialog.frozenTextsCast', {
                  names: joinNames(
                    [book.names.child, ...book.names.companions, book.names.toy],
                    book.language,
                  ),
                })
              : t('approve.dialog.frozenTexts', { child: book.names.child, toy: book.names.toy })}
          </li>
          <li>{t('approve.dialog.laterChanges')}</li>
        </ul>
        <label className="flex cursor-pointer items-start gap-3 rounded-2xl bg-lavender-100 p-4">
          <input
            type="checkbox"
            checked={remindMe}
            onChange={(event) => setRemindMe(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-coral-600"
          />
          <span>
            <span className="block font-semibold">{t('approve.dialog.remindMe')}</span>
            <span className="block text-sm text-ink-700">{t('approve.dialog.remindMeHint')}</span>
          </span>
        </label>
        {approve.isError && (
          <p role="alert" className="font-semibold text-red-700">
            {errorMessage(codeOf(approve.error), t('approve.failed'))}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('approve.dialog.cancel')}
          </Button>
          <Button onClick={confirm} disabled={approve.isPending}>
            {approve.isPending && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
            {t('approve.dialog.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
