export { ProfilePage } from './components/profile-page';
export type { ReviewFormComponent } from './components/review-dialog';
