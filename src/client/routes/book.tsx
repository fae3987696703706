import { useParams, useSearchParams } from 'react-router';
import { BookPage } from '../features/book';

/** /book/{bookInstanceId}: the whole book drawn before paying, read, changed and approved. */
export function Component() {
  const { bookInstanceId = '' } = useParams();
  // ?copy=n: a gift copy of the order, as it will print (issue 18).
  const copy = Number(useSearchParams()[0].get('copy'));
  const giftCopy = Number.isInteger(copy) && copy >= 1 && copy <= 3 ? copy : undefined;
  return (
    <BookPage key={`${bookInstanceId}:${giftCopy ?? ''}`} bookInstanceId={bookInstanceId} copy={giftCopy} />
  );
}

/** Like the wizard and the checkout: its own quiet header, no shop menu. */
export const handle = { layout: 'focused' } as const;
