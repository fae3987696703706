import { CheckoutTestPage } from '../features/checkout';

/** /checkout-test: open to anyone; its API answers only in a demo shop. */
export function Component() {
  return <CheckoutTestPage />;
}
