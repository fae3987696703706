import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { CheckoutContext, Order, OrderRequest } from '../../../../shared/contracts/checkout';
import { isPromoError, type PromoError } from '../../../../shared/domain/promo';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { codeOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useUrlStep } from '../../../lib/use-url-step';
import { checkoutQueryKey } from '../api/get-checkout';
import { useSaveOrder } from '../api/save-order';
import { useStartPayment } from '../hooks/use-start-payment';
import {
  type CheckoutDraft,
  checkDetails,
  checkGifts,
  choicesKey,
  detailsResolver,
  draftFromContext,
  fieldOfRefusal,
  orderRequestFrom,
  problemsOf,
} from '../lib/checkout-draft';
import { quoteFor } from '../lib/quote';
import { CancelledBanner } from './cancelled-banner';
import { CheckoutFooter, type PayAction } from './checkout-footer';
import { CheckoutShell } from './checkout-shell';
import { type CheckoutStep, CheckoutSteps, STEP_KEYS } from './checkout-steps';
import { GiftPreviews } from './gift-previews';
import { NotApprovedBanner } from './not-approved-banner';
import { OrderSummary } from './order-summary';
import { PromoCodeField } from './promo-code-field';
import { StepCover } from './step-cover';
import { StepDetails } from './step-details';
import { StepPayment } from './step-payment';

/** The first name of each copy's recipient, by copy position, for the summary's parcel lines. */
function recipientsOf(draft: CheckoutDraft): Record<number, string> {
  return Object.fromEntries(
    draft.copyGifts
      .slice(0, draft.grandparentCopies.count)
      .flatMap((gift, index) => (gift.apart ? [[index + 1, gift.shipTo.firstName.trim()]] : [])),
  );
}

/** The `step` of the address when it is exactly 1, 2 or 3. */
function readStep(value: string | null): CheckoutStep | undefined {
  return value === '1' || value === '2' || value === '3' ? (Number(value) as CheckoutStep) : undefined;
}

type SavedOrder = { order: Order; key: string | undefined };

/**
 * The three steps once the checkout is loaded. The address's `step` is the step shown (so the
 * browser's Back works); step 3 opens only while the saved order matches the form, so a change on
 * step 1 or 2 is saved again by Next on step 2 before anything can be paid.
 */
export function CheckoutFlow({ context }: { context: CheckoutContext }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { language } = useLanguage();
  const formId = useId();
  const bookInstanceId = context.bookInstance.id;
  const bookLanguage = context.bookInstance.language;
  const save = useSaveOrder(bookInstanceId);

  // The whole checkout is one form (react-hook-form, the shop's one form approach): step 1's choices
  // and step 2's details, checked by the shared schemas when a field is left and on Next.
  const form = useForm<CheckoutDraft>({
    defaultValues: draftFromContext(context),
    resolver: detailsResolver(bookLanguage),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const draft = form.watch() as CheckoutDraft;
  const [saved, setSaved] = useState<SavedOrder | null>(() =>
    context.order ? { order: context.order, key: choicesKey(draftFromContext(context), bookLanguage) } : null,
  );
  const [agreements, setAgreements] = useState({ agreeTerms: false, agreePrivacy: false });
  // A book not approved as it is cannot be paid: said at once, before any detail is typed.
  const [refused, setRefused] = useState<'BOOK_NOT_APPROVED' | 'BOOK_VERSION_SUPERSEDED' | null>(() =>
    context.paidOrderId
      ? null
      : context.bookInstance.approval === 'not_approved'
        ? 'BOOK_NOT_APPROVED'
        : context.bookInstance.approval === 'superseded'
          ? 'BOOK_VERSION_SUPERSEDED'
          : null,
  );

  const payment = useStartPayment({
    kind: 'pay',
    onAlreadyPaid: () => {
      if (saved)
        void navigate(`/order-confirmation/${encodeURIComponent(saved.order.id)}`, { replace: true });
    },
  });

  const cancelled = useSearchParams()[0].get('payment_cancelled') === 'true';
  const payable = saved !== null && saved.key !== undefined && saved.key === choicesKey(draft, bookLanguage);
  const { step, goTo, setParams, headingRef, stepRef, focusFirstProblem } = useUrlStep<CheckoutStep>({
    read: readStep,
    // Back from the payment page with an order: straight to paying again.
    initial: () => (cancelled && payable ? 3 : 1),
    // Paying opens only while the saved order matches the form.
    allow: (requested) => (requested === 3 && !payable ? 2 : requested),
    // The wizard links to a bare address: that is step 1.
    bareFirst: 1,
  });
  const stepKey = STEP_KEYS[step];

  useDocumentTitle(t('metaTitle', { step: t(`steps.${stepKey}.label`) }));

  const dismissBanner = () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('payment_cancelled');
        return updated;
      },
      { replace: true },
    );

  const problems = problemsOf(form.formState.errors);

  // A request the server refused for one field (its schemas are the client's own, so rarely): the
  // problem is shown at that field on step 2, as the client's checks show theirs.
  const showRefusal = (error: unknown, request: OrderRequest): boolean => {
    if (codeOf(error) !== 'VALIDATION_INVALID_PARAM' || !(error instanceof Error)) return false;
    const field = fieldOfRefusal(error.message, request);
    if (!field) return false;
    // Said as a missing detail is: at the field and in the summary above the form (no toast).
    form.setError(field, { type: 'invalid', message: '' });
    if (step === 2) focusFirstProblem();
    else goTo(2);
    return true;
  };

  const saveAndContinue = form.handleSubmit(
    (values) => {
      const checked = checkDetails(values);
      const gifts = checkGifts(values, bookLanguage);
      if (!checked.data || !gifts.data) return;
      const key = choicesKey(values, bookLanguage);
      save.mutate(orderRequestFrom(values, { ...checked.data, copyGifts: gifts.data }, language), {
        onSuccess: (order) => {
          // The saved order must be on screen before the address asks for step 3: otherwise the
          // step machine sees step 3 without a payable order and corrects the address back to 2.
          // Step 3 then commits at once: left to the router's transition, its render was sliced and
          // kept yielding on a busy page, so the buyer saw step 2 for seconds after the order was saved.
          flushSync(() => setSaved({ order, key }));
          goTo(3, { now: true });
        },
        onError: (error, request) => {
          if (showRefusal(error, request)) return;
          if (codeOf(error) === 'ORDER_ALREADY_PAID') {
            // The checkout reads again and finds the paid order, which it then shows.
            toast.info(t('toasts.alreadyPaid'), { id: 'checkout-already-paid' });
            void queryClient.invalidateQueries({ queryKey: checkoutQueryKey(bookInstanceId) });
            return;
          }
          // Checkout pays for the version approved in the reader only (issue 15): back to the book.
          const code = codeOf(error);
          if (code === 'BOOK_NOT_APPROVED' || code === 'BOOK_VERSION_SUPERSEDED') {
            setRefused(code);
            return;
          }
          // A draft that passed its 30 days while this page was open (SPEC's message otherwise).
          const message =
            codeOf(error) === 'JOB_INVALID_STATE' ? t('toasts.abandoned') : t('toasts.orderFailed');
          toast.error(message, { id: 'checkout-order-failed' });
        },
      });
    },
    // Said once: each field's message and the summary above the form (no toast besides, issue 20).
    () => focusFirstProblem(),
  );

  // A promo code is applied by saving the order with it: the server checks it and prices it.
  const [promoProblem, setPromoProblem] = useState<PromoError | undefined>();
  const applyPromo = (promoCode: string) => {
    const values = { ...form.getValues(), promoCode };
    const checked = checkDetails(values);
    const gifts = checkGifts(values, bookLanguage);
    if (!checked.data || !gifts.data) {
      goTo(2);
      return;
    }
    save.mutate(orderRequestFrom(values, { ...checked.data, copyGifts: gifts.data }, language), {
      onSuccess: (order) => {
        form.setValue('promoCode', promoCode);
        setPromoProblem(undefined);
        setSaved({ order, key: choicesKey(values, bookLanguage) });
      },
      onError: (error, request) => {
        if (showRefusal(error, request)) return;
        const code = codeOf(error);
        if (isPromoError(code)) setPromoProblem(code);
        else toast.error(t('toasts.orderFailed'), { id: 'checkout-order-failed' });
      },
    });
  };

  const next = () => {
    if (step === 1) goTo(2);
    else if (step === 2) void saveAndContinue();
  };
  const previous = () => {
    if (step > 1) goTo((step - 1) as CheckoutStep);
  };

  const changeChoices = (change: Partial<Pick<CheckoutDraft, 'coverType' | 'grandparentCopies'>>) => {
    if (change.coverType) form.setValue('coverType', change.coverType);
    if (change.grandparentCopies) form.setValue('grandparentCopies', change.grandparentCopies);
  };

  const busy = save.isPending || payment.processing;
  const payHintId = useId();
  const agreed = agreements.agreeTerms && agreements.agreePrivacy;
  const payAction: PayAction | undefined =
    step === 3 && saved
      ? {
          label: payment.processing
            ? t('payment.processing')
            : t('payment.pay', { amount: formatMoney(saved.order.quote.total, language) }),
          ready: agreed,
          processing: payment.processing,
          describedBy: agreed ? undefined : payHintId,
          onPay: () => payment.start(saved.order.id),
          onShowAgreements: () =>
            stepRef.current?.querySelector<HTMLInputElement>('input[data-agreement]:not(:checked)')?.focus(),
        }
      : undefined;

  // A book drawn before paying (issue 15) is left from its reader, not from the wizard.
  const drawn = context.bookInstance.status !== 'draft';
  return (
    <CheckoutShell
      {...(drawn
        ? { back: { to: `/book/${encodeURIComponent(bookInstanceId)}`, label: t('notApproved.back') } }
        : {})}
      footer={
        <CheckoutFooter
          step={step}
          busy={busy}
          onPrevious={previous}
          onNext={next}
          formId={step === 2 ? formId : undefined}
          pay={payAction}
        />
      }
    >
      {cancelled && <CancelledBanner onDismiss={dismissBanner} />}
      {refused && <NotApprovedBanner code={refused} bookInstanceId={bookInstanceId} />}
      <CheckoutSteps step={step} />
      <div className="mb-6 sm:mb-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-semibold outline-none sm:text-4xl">
          {t(`steps.${stepKey}.heading`)}
        </h1>
        <p className="mt-2 text-ink-700 sm:text-lg">{t(`steps.${stepKey}.lead`)}</p>
      </div>
      <div ref={stepRef}>
        {step === 1 && <StepCover context={context} draft={draft} onChange={changeChoices} />}
        {step === 2 && (
          <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <StepDetails
              formId={formId}
              form={form}
              bookLanguage={bookLanguage}
              problems={problems}
              showSummary={form.formState.isSubmitted}
              onSubmit={saveAndContinue}
            />
            <aside className="lg:sticky lg:top-6">
              <OrderSummary
                quote={quoteFor(context.pricing, { ...draft, country: draft.shipping.country })}
                country={draft.shipping.country}
                recipients={recipientsOf(draft)}
              />
            </aside>
          </div>
        )}
        {step === 3 && saved && (
          <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <div className="flex flex-col gap-8">
              <GiftPreviews order={saved.order} bookInstanceId={bookInstanceId} />
              <StepPayment
                order={saved.order}
                agreeTerms={agreements.agreeTerms}
                agreePrivacy={agreements.agreePrivacy}
                onAgreeChange={(change) => setAgreements((current) => ({ ...current, ...change }))}
                processing={payment.processing}
                hintId={payHintId}
                onEditDetails={() => goTo(2)}
                promo={
                  <PromoCodeField
                    // A code applied or removed starts the field afresh.
                    key={saved.order.quote.promoCode ?? ''}
                    applied={
                      saved.order.quote.promoCode
                        ? { code: saved.order.quote.promoCode, discount: saved.order.quote.discount }
                        : null
                    }
                    busy={save.isPending}
                    problem={promoProblem}
                    onApply={applyPromo}
                    onRemove={() => applyPromo('')}
                  />
                }
              />
            </div>
            <aside className="lg:sticky lg:top-6">
              <OrderSummary
                quote={saved.order.quote}
                country={saved.order.shipping.country}
                recipients={Object.fromEntries(
                  saved.order.copyGifts.flatMap((gift) =>
                    gift.shipTo ? [[gift.position, gift.shipTo.firstName]] : [],
                  ),
                )}
              />
            </aside>
          </div>
        )}
      </div>
    </CheckoutShell>
  );
}
