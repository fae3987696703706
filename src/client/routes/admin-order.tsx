import { useParams } from 'react-router';
import { OrderPage } from '../features/admin';

/** /admin/orders/{orderId}: one order in the operator console. */
export function Component() {
  const { orderId = '' } = useParams();
  return <OrderPage key={orderId} orderId={orderId} />;
}

export const handle = { layout: 'focused' } as const;
