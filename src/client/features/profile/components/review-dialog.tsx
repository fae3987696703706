import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { Loader2, Star } from 'lucide-react';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { profileOrdersQueryKey } from '../api/get-profile-orders';

/**
 * The review form of the checkout feature, handed in by the route: features do not import each
 * other (docs/style.md), so the page receives it instead of reaching for it.
 */
export type ReviewFormComponent = ComponentType<{ orderId: string; onStale: () => void }>;

function DialogBody({
  ReviewForm,
  orderId,
  onDone,
}: {
  ReviewForm: ReviewFormComponent;
  orderId: string;
  onDone: () => void;
}) {
  // The form says nothing when it has sent the review (it shows its own thank-you toast), so watch
  // for a mutation that succeeded since the dialog opened: being modal, nothing else can run here.
  const openedAt = useRef(Date.now());
  const sent = useMutationState({
    filters: { status: 'success', predicate: (mutation) => mutation.state.submittedAt >= openedAt.current },
  });
  useEffect(() => {
    if (sent.length > 0) onDone();
  }, [sent.length, onDone]);
  return <ReviewForm orderId={orderId} onStale={onDone} />;
}

/** Review: the checkout's review form in a dialog; once sent (or already sent), the list is read again. */
export function ReviewDialog({
  ReviewForm,
  orderId,
  orderNumber,
}: {
  ReviewForm: ReviewFormComponent;
  orderId: string;
  orderNumber: string;
}) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const onDone = useRef(() => {
    setOpen(false);
    void queryClient.invalidateQueries({ queryKey: profileOrdersQueryKey });
  }).current;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('orders.reviewTitle', { number: orderNumber })}
      description={t('orders.reviewDescription')}
      closeLabel={t('orders.close')}
      trigger={
        <Button size="sm">
          <Star aria-hidden="true" className="size-4" />
          {t('orders.review')}
        </Button>
      }
    >
      {/* The form's texts live in the checkout namespace, fetched the first time it opens. */}
      <Suspense
        fallback={
          <p role="status" className="flex items-center justify-center gap-2 py-10 text-ink-700">
            <Loader2 aria-hidden="true" className="size-5 text-coral-600 motion-safe:animate-spin" />
            {t('orders.reviewLoading')}
          </p>
        }
      >
        <DialogBody ReviewForm={ReviewForm} orderId={orderId} onDone={onDone} />
      </Suspense>
    </Dialog>
  );
}
