import { ReviewsPage } from '../features/admin';

/** /admin/reviews: parents' reviews, shown on their theme's page once an operator approves them. */
export function Component() {
  return <ReviewsPage />;
}

export const handle = { layout: 'focused' } as const;
