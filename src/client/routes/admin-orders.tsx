import { OrdersPage } from '../features/admin';

/** /admin/orders: the order list of the operator console. */
export function Component() {
  return <OrdersPage />;
}

export const handle = { layout: 'focused' } as const;
