import { CircleAlert, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RESENDABLE_EMAILS } from '../../../../shared/contracts/admin';
import { TextField } from '../../../components/auth/forms/form-parts';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { codeOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { type AdminAction, useAdminAction } from '../api/admin-api';

/** The console's action kinds and their texts' key in admin.json `actions`. */
export const ACTION_TEXTS = {
  hold: 'hold',
  release: 'release',
  notes: 'note',
  refund: 'refund',
  cancel: 'cancel',
  ship: 'ship',
  deliver: 'deliver',
  'retry-book': 'retryBook',
  'resubmit-print': 'resubmitPrint',
  'resend-email': 'resend',
  'approve-print': 'approvePrint',
  redraw: 'redraw',
  'redraw-choice': 'redrawChoice',
} as const satisfies Record<AdminAction, string>;

/** "10", "10.5", "10.50" (a point or a comma) -> cents; anything else -> null. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

type ActionDialogProps = {
  orderId: string;
  action: AdminAction;
  /** Cents that can still be refunded (refund only). */
  refundable: number;
  /** The page drawn again or chosen (redraw and redraw-choice only): its position and its name. */
  page?: { position: number; name: string };
  onClose: () => void;
};

/**
 * One action, confirmed: what it does, why (kept in the audit log), and for some what else it
 * needs (the amount, the tracking, the e-mail). The server decides; its refusal is shown here.
 */
export function ActionDialog({ orderId, action, refundable, page, onClose }: ActionDialogProps) {
  const { t } = useTranslation(['admin', 'errors']);
  const { language } = useLanguage();
  const texts = ACTION_TEXTS[action];
  const mutation = useAdminAction(orderId, action);
  // One key per opened dialog: a double click or a retry of the same refund refunds once.
  const [requestKey] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(action === 'refund' ? (refundable / 100).toFixed(2) : '');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [email, setEmail] = useState<(typeof RESENDABLE_EMAILS)[number]>('orderPaid');
  const [picture, setPicture] = useState<'new' | 'old'>('new');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const reasonId = useId();
  const cents = parseAmount(amount);
  const optionalReason = action === 'ship';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!optionalReason && reason.trim() === '') found.reason = t('actions.reasonRequired');
    if (action === 'refund') {
      if (cents === null) found.amount = t('actions.refund.amountInvalid');
      else if (cents > refundable)
        found.amount = t('actions.refund.amountTooLarge', { amount: formatMoney(refundable, language) });
    }
    if (action === 'ship') {
      if (trackingNumber.trim() === '') found.trackingNumber = t('actions.reasonRequired');
      if (!/^https?:\/\/\S+$/.test(trackingUrl.trim())) found.trackingUrl = t('actions.ship.trackingUrlHint');
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body =
      action === 'refund'
        ? { amount: cents, reason, requestKey }
        : action === 'ship'
          ? { trackingNumber, trackingUrl, reason }
          : action === 'resend-email'
            ? { email, reason }
            : action === 'redraw'
              ? { position: page?.position ?? -1, reason }
              : action === 'redraw-choice'
                ? { position: page?.position ?? -1, picture, reason }
                : { reason };
    mutation.mutate(body as never, {
      onSuccess: () => {
        toast.success(t(`actions.${texts}.done`));
        onClose();
      },
    });
  };

  const code = codeOf(mutation.error);
  const serverProblem = mutation.isError
    ? code && code !== 'VALIDATION_INVALID_PARAM'
      ? t(`errors:codes.${code}` as 'errors:codes.REFUND_TOO_LARGE', { defaultValue: t('actions.failed') })
      : t('actions.failed')
    : null;
  const confirmLabel =
    action === 'refund' && cents !== null
      ? t('actions.refund.confirm', { amount: formatMoney(cents, language) })
      : t(`actions.${texts}.confirm` as 'actions.hold.confirm');

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`actions.${texts}.title` as 'actions.hold.title', { page: page?.name ?? '' })}
      description={t(`actions.${texts}.description` as 'actions.hold.description', {
        amount: formatMoney(refundable, language),
      })}
      dismissible={!mutation.isPending}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {serverProblem && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-2xl bg-red-50 p-3 font-semibold text-red-800"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {serverProblem}
          </p>
        )}
        {action === 'refund' && (
          <TextField
            label={t('actions.refund.amount')}
            hint={t('actions.refund.amountHint', { amount: formatMoney(refundable, language) })}
            inputMode="decimal"
            value={amount}
            onValueChange={setAmount}
            error={problems.amount}
          />
        )}
        {action === 'ship' && (
          <>
            <TextField
              label={t('actions.ship.trackingNumber')}
              value={trackingNumber}
              onValueChange={setTrackingNumber}
              error={problems.trackingNumber}
              maxLength={100}
            />
            <TextField
              label={t('actions.ship.trackingUrl')}
              hint={problems.trackingUrl ? undefined : t('actions.ship.trackingUrlHint')}
              type="url"
              value={trackingUrl}
              onValueChange={setTrackingUrl}
              error={problems.trackingUrl}
              maxLength={500}
            />
          </>
        )}
        {action === 'resend-email' && (
          <SelectField
            label={t('actions.resend.email')}
            value={email}
            onValueChange={(value) => setEmail(value as typeof email)}
            options={RESENDABLE_EMAILS.map((kind) => ({ value: kind, label: t(`emails.${kind}`) }))}
          />
        )}
        {action === 'redraw-choice' && (
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t('actions.redrawChoice.button')}</legend>
            {(['new', 'old'] as const).map((choice) => (
              <label
                key={choice}
                className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-sand-300/70"
              >
                <input
                  type="radio"
                  name="picture"
                  value={choice}
                  checked={picture === choice}
                  onChange={() => setPicture(choice)}
                  className="size-5 accent-coral-600"
                />
                {choice === 'new' ? t('actions.redrawChoice.keepNew') : t('actions.redrawChoice.keepOld')}
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="font-bold">
            {action === 'notes' ? t('actions.note.label') : t('actions.reason')}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={1000}
            aria-invalid={problems.reason ? true : undefined}
            aria-describedby={`${reasonId}-hint${problems.reason ? ` ${reasonId}-error` : ''}`}
            className="w-full rounded-2xl border-2 border-ink-900/20 bg-white px-4 py-3 text-base focus-visible:border-ink-900 aria-[invalid=true]:border-red-600"
          />
          <p id={`${reasonId}-hint`} className="text-sm text-ink-700">
            {t('actions.reasonHint')}
          </p>
          {problems.reason && (
            <p id={`${reasonId}-error`} className="text-sm font-semibold text-red-700">
              {problems.reason}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={mutation.isPending}>
            {t('actions.cancelButton')}
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
            {mutation.isPending ? t('actions.working') : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
