import { NotFoundContent } from '../components/layout/not-found-content';

export function Component() {
  return <NotFoundContent />;
}
