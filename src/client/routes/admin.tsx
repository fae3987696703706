import { OverviewPage } from '../features/admin';

/** /admin: the operator console's first page (operators only; anyone else sees "page not found"). */
export function Component() {
  return <OverviewPage />;
}

export const handle = { layout: 'focused' } as const;
