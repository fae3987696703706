import { useParams } from 'react-router';
import { CheckoutPage } from '../features/checkout';

/** /checkout/{bookInstanceId}?payment_cancelled=true&step=1-3: the three-step checkout of one book. */
export function Component() {
  const { bookInstanceId = '' } = useParams();
  return <CheckoutPage key={bookInstanceId} bookInstanceId={bookInstanceId} />;
}

/** The checkout has its own quiet header and step bar, like the wizard. */
export const handle = { layout: 'focused' } as const;
