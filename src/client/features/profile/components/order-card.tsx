import { ExternalLink, Receipt, RefreshCw, Users } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileOrder } from '../../../../shared/contracts/profile';
import { useLanguage } from '../../../components/layout/use-language';
import { buttonClass } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { orderHref, reorderHref, siblingHref } from '../lib/links';
import { profileInitial } from './profile-header';
import { ReviewDialog, type ReviewFormComponent } from './review-dialog';
import { OrderStatusBadge } from './status-badge';

/** The child's photo, or their initial when there is none or it does not load. */
function CharacterPhoto({ character }: { character: ProfileOrder['character'] }) {
  const { t } = useTranslation('profile');
  const [failed, setFailed] = useState(false);
  const name = character?.name ?? '';
  const shape = 'inline-flex size-16 shrink-0 items-center justify-center rounded-2xl';
  if (character?.photoUrl && !failed) {
    return (
      <img
        src={character.photoUrl}
        alt={t('orders.photoAlt', { name })}
        onError={() => setFailed(true)}
        className={`${shape} object-cover ring-2 ring-white`}
      />
    );
  }
  return (
    <span
      data-testid="character-initial"
      {...(failed
        ? { role: 'img', 'aria-label': t('orders.photoFailed', { name }) }
        : { 'aria-hidden': true })}
      className={`${shape} bg-lavender-100 font-display text-2xl font-semibold text-ink-900`}
    >
      {profileInitial({ name, email: '?' })}
    </span>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-bold tracking-wide text-ink-700 uppercase">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** One order: what, for whom, where it stands, and what can be done next. */
export function OrderCard({ order, ReviewForm }: { order: ProfileOrder; ReviewForm: ReviewFormComponent }) {
  const { t } = useTranslation('profile');
  const { language } = useLanguage();
  const id = useId();
  const canReview = order.status === 'delivered' && !order.reviewed;
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
    >
      <div className="flex items-start gap-4">
        <CharacterPhoto character={order.character} />
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-2">
          <h3 id={`${id}-title`} className="text-lg font-semibold break-all sm:text-xl">
            {t('orders.orderNumber', { number: order.orderNumber })}
          </h3>
          <OrderStatusBadge status={order.status} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Detail label={t('orders.bookType')}>{t(`orders.bookTypes.${order.bookType}`)}</Detail>
        {order.character && <Detail label={t('orders.character')}>{order.character.name}</Detail>}
        <Detail label={t('orders.date')}>{formatDate(order.createdAt, language)}</Detail>
        {order.trackingNumber && (
          <Detail label={t('orders.tracking')}>
            {order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-bold text-coral-700 underline underline-offset-4"
              >
                {order.trackingNumber}
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            ) : (
              order.trackingNumber
            )}
          </Detail>
        )}
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Link to={reorderHref(order)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('orders.reorder')}
        </Link>
        <Link to={siblingHref(order.id)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Users aria-hidden="true" className="size-4" />
          {t('orders.sibling')}
        </Link>
        {canReview && (
          <ReviewDialog ReviewForm={ReviewForm} orderId={order.id} orderNumber={order.orderNumber} />
        )}
        <Link to={orderHref(order.id)} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          <Receipt aria-hidden="true" className="size-4" />
          {t('orders.details')}
        </Link>
      </div>
    </article>
  );
}
