import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutContext } from '../../../../shared/contracts/checkout';
import type { PromoError } from '../../../../shared/domain/promo';
import type { SavedOrder } from '../hooks/use-order-save';
import type { CheckoutDraft, problemsOf } from '../lib/checkout-draft';
import { quoteFor } from '../lib/quote';
import { GiftPreviews } from './gift-previews';
import { OrderSummary } from './order-summary';
import { PromoCodeField } from './promo-code-field';
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

/** Step 2: the buyer's details and the gifts' addresses, beside the summary priced from the form. */
export function DetailsStep({
  context,
  formId,
  form,
  draft,
  problems,
  onSubmit,
}: {
  context: CheckoutContext;
  formId: string;
  form: UseFormReturn<CheckoutDraft>;
  draft: CheckoutDraft;
  problems: ReturnType<typeof problemsOf>;
  onSubmit: () => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <StepDetails
        formId={formId}
        form={form}
        bookLanguage={context.bookInstance.language}
        problems={problems}
        showSummary={form.formState.isSubmitted}
        onSubmit={onSubmit}
      />
      <aside className="lg:sticky lg:top-6">
        <OrderSummary
          quote={quoteFor(context.pricing, { ...draft, country: draft.shipping.country })}
          country={draft.shipping.country}
          recipients={recipientsOf(draft)}
          extraChildren={context.pricing.extraChildren}
        />
      </aside>
    </div>
  );
}

/** Step 3: the gifts as they will print, the agreements and the promo code, beside the saved order. */
export function PaymentStep({
  saved,
  extraChildren,
  bookInstanceId,
  agreements,
  onAgreeChange,
  processing,
  hintId,
  onEditDetails,
  saving,
  promoProblem,
  onApplyPromo,
}: {
  saved: SavedOrder;
  /** The names of the children beside the lead, for the extra children's line. */
  extraChildren?: string[] | undefined;
  bookInstanceId: string;
  agreements: { agreeTerms: boolean; agreePrivacy: boolean };
  onAgreeChange: (change: Partial<{ agreeTerms: boolean; agreePrivacy: boolean }>) => void;
  processing: boolean;
  hintId: string;
  onEditDetails: () => void;
  saving: boolean;
  promoProblem: PromoError | undefined;
  onApplyPromo: (code: string) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex flex-col gap-8">
        <GiftPreviews order={saved.order} bookInstanceId={bookInstanceId} />
        <StepPayment
          order={saved.order}
          agreeTerms={agreements.agreeTerms}
          agreePrivacy={agreements.agreePrivacy}
          onAgreeChange={onAgreeChange}
          processing={processing}
          hintId={hintId}
          onEditDetails={onEditDetails}
          promo={
            <PromoCodeField
              // A code applied or removed starts the field afresh.
              key={saved.order.quote.promoCode ?? ''}
              applied={
                saved.order.quote.promoCode
                  ? { code: saved.order.quote.promoCode, discount: saved.order.quote.discount }
                  : null
              }
              busy={saving}
              problem={promoProblem}
              onApply={onApplyPromo}
              onRemove={() => onApplyPromo('')}
            />
          }
        />
      </div>
      <aside className="lg:sticky lg:top-6">
        <OrderSummary
          quote={saved.order.quote}
          country={saved.order.shipping.country}
          extraChildren={extraChildren}
          recipients={Object.fromEntries(
            saved.order.copyGifts.flatMap((gift) =>
              gift.shipTo ? [[gift.position, gift.shipTo.firstName]] : [],
            ),
          )}
        />
      </aside>
    </div>
  );
}
