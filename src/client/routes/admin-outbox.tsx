import { OutboxPage } from '../features/admin';

/** /admin/outbox: the embedded mailer's e-mails, for operators. */
export function Component() {
  return <OutboxPage />;
}

export const handle = { layout: 'focused' } as const;
