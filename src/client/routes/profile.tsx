import { lazy } from 'react';
import { ProfilePage } from '../features/profile';

// The review form belongs to the checkout; the route hands it to the profile (docs/style.md import
// rule). It loads when a review dialog opens (the dialog's Suspense shows its loading line): the
// checkout's code is not part of the profile's first load (issue 33).
const ReviewForm = lazy(() =>
  import('../features/checkout').then((checkout) => ({ default: checkout.ReviewForm })),
);

/** /profile?tab=active-generations|orders|data-controls: the signed-in user's books, orders and data. */
export function Component() {
  return <ProfilePage ReviewForm={ReviewForm} />;
}
