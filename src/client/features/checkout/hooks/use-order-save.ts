import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Order, OrderRequest } from '../../../../shared/contracts/checkout';
import { isPromoError, type PromoError } from '../../../../shared/domain/promo';
import type { Language } from '../../../../shared/i18n';
import { useLanguage } from '../../../components/layout/use-language';
import { codeOf } from '../../../lib/api-client';
import { checkoutQueryKey } from '../api/get-checkout';
import type { useSaveOrder } from '../api/save-order';
import type { CheckoutStep } from '../components/checkout-steps';
import {
  type CheckoutDraft,
  checkDetails,
  checkGifts,
  choicesKey,
  fieldOfRefusal,
  orderRequestFrom,
} from '../lib/checkout-draft';

/** The order as last saved, and the key of the choices it was saved with (undefined: not payable). */
export type SavedOrder = { order: Order; key: string | undefined };

/** Why the book cannot be paid as it is (checkout pays for the version approved in the reader only). */
export type BookRefusal = 'BOOK_NOT_APPROVED' | 'BOOK_VERSION_SUPERSEDED';

type OrderSaveArgs = {
  form: UseFormReturn<CheckoutDraft>;
  save: ReturnType<typeof useSaveOrder>;
  bookInstanceId: string;
  bookLanguage: Language;
  step: CheckoutStep;
  goTo: (step: CheckoutStep, options?: { now?: boolean }) => void;
  focusFirstProblem: () => void;
  setSaved: (saved: SavedOrder) => void;
  setRefused: (code: BookRefusal) => void;
};

/**
 * Saving the order from the form: Next on step 2 (then step 3), and a promo code applied or removed
 * on step 3 (the server checks it and prices it). What the server refuses is said where it belongs.
 */
export function useOrderSave({
  form,
  save,
  bookInstanceId,
  bookLanguage,
  step,
  goTo,
  focusFirstProblem,
  setSaved,
  setRefused,
}: OrderSaveArgs) {
  const { t } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const { language } = useLanguage();

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

  return { saveAndContinue, applyPromo, promoProblem };
}
