import { CheckoutTestPage } from '../features/checkout';

/** /checkout-test: open to anyone; its API answers only outside production. */
export function Component() {
  return <CheckoutTestPage />;
}
