import {
  BOOK_INSTANCE_STATUSES,
  type BookInstanceStatus,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from './statuses';

/** The badge colours of docs/spec.md section 4. */
export type Tone = 'yellow' | 'blue' | 'purple' | 'green' | 'emerald' | 'red' | 'grey';

const ORDER_TONES: Record<OrderStatus, Tone> = {
  pending: 'yellow',
  processing: 'blue',
  printing: 'purple',
  shipped: 'green',
  delivered: 'emerald',
  cancelled: 'red',
};
const PAYMENT_TONES: Record<PaymentStatus, Tone> = {
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  refunded: 'grey',
};
const BOOK_TONES: Partial<Record<BookInstanceStatus, Tone>> = {
  rendering: 'blue',
  ready: 'yellow',
  fulfilled: 'green',
  archived: 'red',
};

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);
export const isPaymentStatus = (value: string): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(value);
export const isBookStatus = (value: string): value is BookInstanceStatus =>
  (BOOK_INSTANCE_STATUSES as readonly string[]).includes(value);

/** A status's colour; anything unknown is grey. */
export const orderTone = (status: string): Tone => (isOrderStatus(status) ? ORDER_TONES[status] : 'grey');
export const paymentTone = (status: string): Tone =>
  isPaymentStatus(status) ? PAYMENT_TONES[status] : 'grey';
export const bookTone = (status: string): Tone =>
  isBookStatus(status) ? (BOOK_TONES[status] ?? 'grey') : 'grey';
