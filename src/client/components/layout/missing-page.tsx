import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';

/**
 * A page that is not there, inside the shop: the brand mark, a title, a sentence and one way on
 * (the 404 page, an unknown theme).
 */
export function MissingPage({
  title,
  body,
  to,
  action,
  icon: Icon,
  tilt,
}: {
  title: string;
  body: string;
  to: string;
  action: string;
  icon: LucideIcon;
  /** Which way the brand mark leans (each page its own). */
  tilt: 'left' | 'right';
}) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:px-6 md:py-24">
      <img
        src="/brand/favicon.svg"
        alt=""
        width={112}
        height={112}
        className={tilt === 'left' ? 'size-28 -rotate-6' : 'size-28 rotate-6'}
      />
      <h1 className="mt-8 text-4xl font-semibold sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-lg text-lg leading-relaxed text-ink-700">{body}</p>
      <Link to={to} className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        <Icon aria-hidden="true" className="size-5" />
        {action}
      </Link>
    </section>
  );
}
