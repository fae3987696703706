import { Check, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../../shared/contracts/checkout';
import { cn } from '../../../components/ui/cn';
import { TIMELINE_STEPS, timelineIndex } from '../lib/order-status';

/** Received, In Production, shipped (with the parcel's tracking), delivered; the current step stands out. */
export function OrderTimeline({ order }: { order: Order }) {
  const { t } = useTranslation('checkout');
  const current = timelineIndex(order.status);
  if (current === undefined) return null;
  return (
    <section
      aria-labelledby="order-timeline-title"
      className="rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
    >
      <h2 id="order-timeline-title" className="text-xl font-semibold">
        {t('confirmation.timeline.title')}
      </h2>
      <ol className="mt-5 flex flex-col">
        {TIMELINE_STEPS.map((step, index) => {
          const done = index < current || (index === current && step === 'delivered');
          const isCurrent = index === current;
          const last = index === TIMELINE_STEPS.length - 1;
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className="relative flex gap-4 pb-6 last:pb-0"
            >
              {!last && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-9 left-[1.0625rem] h-[calc(100%-2.25rem)] w-0.5',
                    index < current ? 'bg-coral-600' : 'bg-ink-100',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={cn(
                  'relative inline-flex size-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-extrabold',
                  done && 'border-coral-600 bg-coral-600 text-white',
                  isCurrent && !done && 'border-coral-600 bg-coral-100 text-coral-700 ring-4 ring-coral-100',
                  !done && !isCurrent && 'border-ink-900/20 bg-cream-50 text-ink-700',
                )}
              >
                {done ? <Check className="size-5" /> : index + 1}
              </span>
              <div className="min-w-0 pt-1.5">
                <p
                  className={cn(
                    isCurrent ? 'font-extrabold' : 'font-semibold',
                    !done && !isCurrent && 'text-ink-700',
                  )}
                >
                  {t(`confirmation.timeline.${step}`)}
                  {isCurrent && <span className="sr-only"> ({t('confirmation.timeline.current')})</span>}
                </p>
                {step === 'shipped' && current >= 2 && (order.trackingNumber || order.trackingUrl) && (
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-700">
                    {order.trackingNumber && (
                      <span>
                        {t('confirmation.timeline.trackingNumber', { number: order.trackingNumber })}
                      </span>
                    )}
                    {order.trackingUrl && (
                      <a
                        href={order.trackingUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 font-bold text-coral-700 underline underline-offset-4"
                      >
                        {t('confirmation.timeline.track')}
                        <ExternalLink aria-hidden="true" className="size-4" />
                      </a>
                    )}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
