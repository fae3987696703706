import {
  BOOK_INSTANCE_STATUSES,
  type BookInstanceStatus,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../../../shared/domain/statuses';

export type Tone = 'yellow' | 'blue' | 'purple' | 'green' | 'emerald' | 'red' | 'grey';

// The checkout feature has the same order colours; features do not import each other (STYLE.md),
// and the table is six lines, so it is repeated rather than moved for one page.
const ORDER_TONES: Record<OrderStatus, Tone> = {
  pending: 'yellow',
  processing: 'blue',
  printing: 'purple',
  shipped: 'green',
  delivered: 'emerald',
  cancelled: 'red',
};

/** Badge colours of the profile's books (SPEC.md section 4); anything else is grey. */
const BOOK_TONES: Partial<Record<BookInstanceStatus, Tone>> = {
  rendering: 'blue',
  ready: 'yellow',
  fulfilled: 'green',
  archived: 'red',
};

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);
export const isBookStatus = (value: string): value is BookInstanceStatus =>
  (BOOK_INSTANCE_STATUSES as readonly string[]).includes(value);

export const orderTone = (status: string): Tone => (isOrderStatus(status) ? ORDER_TONES[status] : 'grey');
export const bookTone = (status: string): Tone =>
  isBookStatus(status) ? (BOOK_TONES[status] ?? 'grey') : 'grey';

export const TONE_CLASSES: Record<Tone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  emerald: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  grey: 'bg-ink-100 text-ink-900 ring-ink-900/15',
};
