import { useParams } from 'react-router';
import { BookPage } from '../features/book';

/** /book/{bookInstanceId}: the whole book drawn before paying, read, changed and approved. */
export function Component() {
  const { bookInstanceId = '' } = useParams();
  return <BookPage key={bookInstanceId} bookInstanceId={bookInstanceId} />;
}

/** Like the wizard and the checkout: its own quiet header, no shop menu. */
export const handle = { layout: 'focused' } as const;
