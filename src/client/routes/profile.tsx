import { ReviewForm } from '../features/checkout';
import { ProfilePage } from '../features/profile';

/** /profile?tab=active-generations|orders|data-controls: the signed-in user's books, orders and data. */
export function Component() {
  // The review form belongs to the checkout; the route hands it to the profile (docs/style.md import rule).
  return <ProfilePage ReviewForm={ReviewForm} />;
}
