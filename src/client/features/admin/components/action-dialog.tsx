import { Loader2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RESENDABLE_EMAILS } from '../../../../shared/contracts/admin';
import type { Order } from '../../../../shared/contracts/checkout';
import { POSTCODE_RULES } from '../../../../shared/domain/shipping';
import { AddressLinesFields } from '../../../components/address/address-lines-fields';
import { TextField } from '../../../components/auth/forms/form-parts';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SelectField } from '../../../components/ui/select-field';
import { codeOf } from '../../../lib/api-client';
import { countryName, formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/use-zod-form';
import { type AdminAction, useAdminAction } from '../api/admin-api';
import {
  type ActionField,
  type ActionFields,
  AMOUNT_TOO_LARGE,
  actionFormSchema,
  parseAmount,
} from '../lib/action-form';

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
  'print-now': 'printNow',
  redraw: 'redraw',
  'redraw-choice': 'redrawChoice',
  address: 'address',
} as const satisfies Record<AdminAction, string>;

type ActionDialogProps = {
  orderId: string;
  action: AdminAction;
  /** Cents that can still be refunded (refund only). */
  refundable: number;
  /** The page drawn again or chosen (redraw and redraw-choice only): its position and its name. */
  page?: { position: number; name: string };
  /** The order's shipping address (address only): the dialog starts from it. */
  shipping?: Order['shipping'];
  onClose: () => void;
};

/** The action dialog's form: the shared form hook over the action's shared request schema. */
function useActionForm(
  action: AdminAction,
  refundable: number,
  position: number,
  shipping: Order['shipping'] | undefined,
) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  // One key per opened dialog: a double click or a retry of the same refund refunds once.
  const [requestKey] = useState(() => crypto.randomUUID());
  const schema = useMemo(
    () => actionFormSchema(action, { refundable, requestKey, position, country: shipping?.country ?? 'CH' }),
    [action, refundable, requestKey, position, shipping?.country],
  );
  const form = useZodForm(schema, {
    reason: '',
    amount: action === 'refund' ? (refundable / 100).toFixed(2) : '',
    trackingNumber: '',
    trackingUrl: '',
    email: 'orderPaid',
    picture: 'new',
    address: shipping?.address ?? '',
    city: shipping?.city ?? '',
    postalCode: shipping?.postalCode ?? '',
    region: shipping?.region ?? '',
  } satisfies ActionFields);
  const { errors } = form.formState;
  /** A field's problem in the operator's language (admin.json `actions`). */
  const problem = (field: ActionField): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (field === 'amount')
      return error.message === AMOUNT_TOO_LARGE
        ? t('actions.refund.amountTooLarge', { amount: formatMoney(refundable, language) })
        : t('actions.refund.amountInvalid');
    if (field === 'trackingNumber') return t('actions.ship.trackingNumberRequired');
    if (field === 'trackingUrl') return t('actions.ship.trackingUrlHint');
    if (field === 'postalCode' && shipping) {
      const rule = POSTCODE_RULES[shipping.country];
      return t('actions.address.postalCodeInvalid', {
        country: countryName(shipping.country, language),
        example: rule.example,
      });
    }
    if (field === 'address' || field === 'city' || field === 'region')
      return t(`actions.address.${field}Required`);
    return t('actions.reasonRequired');
  };
  return { ...form, problem };
}

type ActionForm = ReturnType<typeof useActionForm>;

/**
 * One action, confirmed: what it does, why (kept in the audit log), and for some what else it
 * needs (the amount, the tracking, the e-mail). The server decides; its refusal is shown here.
 */
export function ActionDialog({ orderId, action, refundable, page, shipping, onClose }: ActionDialogProps) {
  const { t } = useTranslation(['admin', 'errors']);
  const { language } = useLanguage();
  const texts = ACTION_TEXTS[action];
  const mutation = useAdminAction(orderId, action);
  const form = useActionForm(action, refundable, page?.position ?? -1, shipping);
  const cents = parseAmount(form.watch('amount'));

  const submit = form.handleSubmit((body) =>
    mutation.mutate(body as never, {
      onSuccess: () => {
        toast.success(t(`actions.${texts}.done`));
        onClose();
      },
    }),
  );

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
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        {serverProblem && <ProblemAlert>{serverProblem}</ProblemAlert>}
        <ActionFieldset action={action} form={form} refundable={refundable} shipping={shipping} />
        <ReasonField action={action} form={form} />
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

/** What an action needs besides the reason: the amount, the tracking, the e-mail or the picture kept. */
function ActionFieldset({
  action,
  form,
  refundable,
  shipping,
}: {
  action: AdminAction;
  form: ActionForm;
  refundable: number;
  shipping?: Order['shipping'];
}) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  if (action === 'address' && shipping) return <AddressFields form={form} shipping={shipping} />;
  if (action === 'refund')
    return (
      <TextField
        label={t('actions.refund.amount')}
        hint={t('actions.refund.amountHint', { amount: formatMoney(refundable, language) })}
        inputMode="decimal"
        {...form.field('amount')}
        error={form.problem('amount')}
      />
    );
  if (action === 'ship') {
    const urlProblem = form.problem('trackingUrl');
    return (
      <>
        <TextField
          label={t('actions.ship.trackingNumber')}
          {...form.field('trackingNumber')}
          error={form.problem('trackingNumber')}
          maxLength={100}
        />
        <TextField
          label={t('actions.ship.trackingUrl')}
          hint={urlProblem ? undefined : t('actions.ship.trackingUrlHint')}
          type="url"
          {...form.field('trackingUrl')}
          error={urlProblem}
          maxLength={500}
        />
      </>
    );
  }
  if (action === 'resend-email')
    return (
      <SelectField
        label={t('actions.resend.email')}
        value={form.watch('email')}
        onValueChange={(value) => form.setValue('email', value as ActionFields['email'])}
        options={RESENDABLE_EMAILS.map((kind) => ({ value: kind, label: t(`emails.${kind}`) }))}
      />
    );
  if (action === 'redraw-choice')
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t('actions.redrawChoice.button')}</legend>
        {(['new', 'old'] as const).map((choice) => (
          <label
            key={choice}
            className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-sand-300/70"
          >
            <input
              type="radio"
              value={choice}
              {...form.register('picture')}
              className="size-5 accent-coral-600"
            />
            {choice === 'new' ? t('actions.redrawChoice.keepNew') : t('actions.redrawChoice.keepOld')}
          </label>
        ))}
      </fieldset>
    );
  return null;
}

/** Why (or the note itself): kept in the order's audit log; optional when marking shipped. */
function ReasonField({ action, form }: { action: AdminAction; form: ActionForm }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const problem = form.problem('reason');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-bold">
        {action === 'notes' ? t('actions.note.label') : t('actions.reason')}
      </label>
      <textarea
        id={id}
        {...form.field('reason')}
        rows={3}
        maxLength={1000}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        className="w-full rounded-2xl border-2 border-ink-900/20 bg-white px-4 py-3 text-base focus-visible:border-ink-900 aria-[invalid=true]:border-red-600"
      />
      <p id={`${id}-hint`} className="text-sm text-ink-700">
        {t('actions.reasonHint')}
      </p>
      {problem && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The address lines an operator may correct; the country is the order's and stays. */
function AddressFields({ form, shipping }: { form: ActionForm; shipping: Order['shipping'] }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  return (
    <AddressLinesFields
      country={shipping.country}
      field={(line) => form.field(line)}
      problem={form.problem}
      region={form.watch('region')}
      onRegionChange={(value) => form.setValue('region', value, { shouldValidate: true })}
      note={t('actions.address.countryStays', { country: countryName(shipping.country, language) })}
    />
  );
}
