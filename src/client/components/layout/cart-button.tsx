import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../ui/badge';
import { buttonClass } from '../ui/button';

/** Nothing waits for payment: the badge is hidden. */
export const CART_COUNT = 0;

/**
 * The cart icon (docs/spec.md section 1): its count is the parent's approved books not paid yet
 * (issue 15), which My Books lists with "Continue to payment". Empty, it says so.
 */
export function CartButton({ count = CART_COUNT }: { count?: number }) {
  const { t } = useTranslation('navigation');
  if (count > 0) {
    return (
      <Link
        to="/profile"
        aria-label={t('cart.label', { count })}
        className={buttonClass({ variant: 'ghost', size: 'icon', className: 'relative' })}
      >
        <ShoppingBag aria-hidden="true" className="size-6" strokeWidth={2.2} />
        {/* The link's label already says the count; the badge is for the eyes. */}
        <Badge aria-hidden="true" data-testid="cart-count" className="absolute -top-0.5 -right-0.5">
          {count}
        </Badge>
      </Link>
    );
  }
  return (
    <button
      type="button"
      aria-label={t('cart.label', { count })}
      className={buttonClass({ variant: 'ghost', size: 'icon', className: 'relative' })}
      onClick={() => {
        // sonner loads with the first toast (see AppProviders).
        void import('sonner').then(({ toast }) => toast(t('cart.empty')));
      }}
    >
      <ShoppingBag aria-hidden="true" className="size-6" strokeWidth={2.2} />
    </button>
  );
}
