import { Mail } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { mailtoHref } from '../mailto';

/** A closing card that invites the reader to write to us. */
export function ContactCard({
  title,
  body,
  action,
  email,
  subject,
}: {
  title: string;
  body: string;
  action: string;
  email: string;
  subject?: string;
}) {
  return (
    // A container, so the card lays itself out by its own width: in a side column or across the page.
    <aside aria-label={title} className="@container rounded-3xl bg-cream-200">
      <div className="flex flex-col items-start gap-4 p-6 @xl:flex-row @xl:items-center @xl:justify-between @xl:p-8">
        <div>
          <p className="font-display text-2xl font-semibold text-ink-900">{title}</p>
          <p className="mt-2 text-lg text-ink-700">{body}</p>
        </div>
        <a href={mailtoHref(email, subject)} className={buttonClass({ className: 'shrink-0' })}>
          <Mail aria-hidden="true" className="size-5" />
          {action}
        </a>
      </div>
    </aside>
  );
}
