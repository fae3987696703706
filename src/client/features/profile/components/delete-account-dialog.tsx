import { Loader2, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDeleteAccount } from '../api/delete-account';

// Red for the one action that cannot be undone; Button's looks cannot be recoloured (no class merging).
const danger =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 font-bold whitespace-nowrap select-none transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0';
const dangerSolid = `${danger} bg-red-700 text-white shadow-soft hover:bg-red-800`;
const dangerOutline = `${danger} w-full border-2 border-red-700 bg-white text-red-700 hover:bg-red-50 sm:w-auto`;

/** Delete Account: says what goes and what stays, and asks for the word before doing it. */
export function DeleteAccountDialog({ onLeft }: { onLeft: () => void }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount({ onLeft });
  const word = t('data.delete.confirmWord');
  // The word of the reader's language, in any case, with spaces around it forgiven.
  const schema = useMemo(
    () =>
      z.object({ typed: z.string().refine((typed) => typed.trim().toUpperCase() === word.toUpperCase()) }),
    [word],
  );
  const form = useZodForm(schema, { typed: '' });
  const confirmed = schema.safeParse({ typed: form.watch('typed') }).success;

  const submit = form.handleSubmit(() => {
    if (!remove.isPending) remove.mutate();
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-deletion would hide the outcome.
        if (remove.isPending) return;
        setOpen(next);
        if (!next) form.reset();
      }}
      title={t('data.delete.dialogTitle')}
      description={t('data.delete.text')}
      closeLabel={t('data.delete.cancel')}
      trigger={
        <button type="button" className={dangerOutline}>
          <Trash2 aria-hidden="true" className="size-5" />
          {t('data.delete.action')}
        </button>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div>
          <p className="font-semibold">{t('data.delete.dialogText')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-ink-700">
            <li>{t('data.delete.items.account')}</li>
            <li>{t('data.delete.items.books')}</li>
            <li>{t('data.delete.items.photos')}</li>
          </ul>
        </div>
        <p className="rounded-2xl bg-lavender-100 p-4 text-sm">{t('data.delete.ordersKept')}</p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-confirm`} className="font-bold">
            {t('data.delete.confirmLabel', { word })}
          </label>
          <input
            id={`${id}-confirm`}
            {...form.field('typed')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="w-full rounded-2xl border-2 border-ink-900/20 bg-white px-4 py-3 text-base text-ink-900 shadow-xs hover:border-ink-900/35 focus-visible:border-ink-900 focus-visible:outline-offset-1"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
            {t('data.delete.cancel')}
          </Button>
          <button type="submit" disabled={!confirmed || remove.isPending} className={dangerSolid}>
            {remove.isPending ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <Trash2 aria-hidden="true" className="size-5" />
            )}
            {remove.isPending ? t('data.delete.deleting') : t('data.delete.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
