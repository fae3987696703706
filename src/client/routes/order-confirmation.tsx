import { useParams } from 'react-router';
import { ConfirmationPage } from '../features/checkout';

/** /order-confirmation/{orderId}: `session_id` from the payment page is the server's business only. */
export function Component() {
  const { orderId = '' } = useParams();
  return <ConfirmationPage key={orderId} orderId={orderId} />;
}
