import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/badge';
import { buttonClass } from '../ui/button';

/** The shop has no cart yet (SPEC.md section 1): the count is always zero for now. */
export const CART_COUNT = 0;

export function CartButton({ count = CART_COUNT }: { count?: number }) {
  const { t } = useTranslation('navigation');
  return (
    <button
      type="button"
      aria-label={t('cart.label', { count })}
      className={buttonClass({ variant: 'ghost', size: 'icon', className: 'relative' })}
      onClick={() => {
        // sonner loads with the first toast (see AppProviders).
        if (count === 0) void import('sonner').then(({ toast }) => toast(t('cart.empty')));
      }}
    >
      <ShoppingBag aria-hidden="true" className="size-6" strokeWidth={2.2} />
      {count > 0 && (
        // The button's label already says the count; the badge is for the eyes.
        <Badge aria-hidden="true" data-testid="cart-count" className="absolute -top-0.5 -right-0.5">
          {count}
        </Badge>
      )}
    </button>
  );
}
