import { type RefObject, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { CheckoutContext } from '../../../../shared/contracts/checkout';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { formatMoney } from '../../../lib/format';
import { useUrlStep } from '../../../lib/use-url-step';
import { useSaveOrder } from '../api/save-order';
import { type BookRefusal, type SavedOrder, useOrderSave } from '../hooks/use-order-save';
import { useStartPayment } from '../hooks/use-start-payment';
import {
  type CheckoutDraft,
  choicesKey,
  detailsResolver,
  draftFromContext,
  problemsOf,
} from '../lib/checkout-draft';
import { CancelledBanner } from './cancelled-banner';
import { CheckoutFooter, type PayAction } from './checkout-footer';
import { CheckoutShell } from './checkout-shell';
import { DetailsStep, PaymentStep } from './checkout-step-views';
import { type CheckoutStep, CheckoutSteps, STEP_KEYS } from './checkout-steps';
import { NotApprovedBanner } from './not-approved-banner';
import { StepCover } from './step-cover';

/** The `step` of the address when it is exactly 1, 2 or 3. */
function readStep(value: string | null): CheckoutStep | undefined {
  return value === '1' || value === '2' || value === '3' ? (Number(value) as CheckoutStep) : undefined;
}

/** A book not approved as it is cannot be paid: said at once, before any detail is typed. */
function refusalOf(context: CheckoutContext): BookRefusal | null {
  if (context.paidOrderId) return null;
  if (context.bookInstance.approval === 'not_approved') return 'BOOK_NOT_APPROVED';
  if (context.bookInstance.approval === 'superseded') return 'BOOK_VERSION_SUPERSEDED';
  return null;
}

/**
 * Step 3's pay button in the step bar: it pays once both boxes are ticked, and until then leads to
 * the first box still to tick (issue 20). `payHintId` names the hint that says so.
 */
function usePayAction({
  step,
  saved,
  agreements,
  payment,
  stepRef,
}: {
  step: CheckoutStep;
  saved: SavedOrder | null;
  agreements: { agreeTerms: boolean; agreePrivacy: boolean };
  payment: ReturnType<typeof useStartPayment>;
  stepRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
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

  return { payAction, payHintId };
}

/**
 * The three steps once the checkout is loaded. The address's `step` is the step shown (so the
 * browser's Back works); step 3 opens only while the saved order matches the form, so a change on
 * step 1 or 2 is saved again by Next on step 2 before anything can be paid.
 */
export function CheckoutFlow({ context }: { context: CheckoutContext }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
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
  const [refused, setRefused] = useState<BookRefusal | null>(() => refusalOf(context));

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
  const { saveAndContinue, applyPromo, promoProblem } = useOrderSave({
    form,
    save,
    bookInstanceId,
    bookLanguage,
    step,
    goTo,
    focusFirstProblem,
    setSaved,
    setRefused,
  });

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
  const { payAction, payHintId } = usePayAction({ step, saved, agreements, payment, stepRef });

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
          <DetailsStep
            context={context}
            formId={formId}
            form={form}
            draft={draft}
            problems={problems}
            onSubmit={saveAndContinue}
          />
        )}
        {step === 3 && saved && (
          <PaymentStep
            saved={saved}
            extraChildren={context.pricing.extraChildren}
            bookInstanceId={bookInstanceId}
            agreements={agreements}
            onAgreeChange={(change) => setAgreements((current) => ({ ...current, ...change }))}
            processing={payment.processing}
            hintId={payHintId}
            onEditDetails={() => goTo(2)}
            saving={save.isPending}
            promoProblem={promoProblem}
            onApplyPromo={applyPromo}
          />
        )}
      </div>
    </CheckoutShell>
  );
}
