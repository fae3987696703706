import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../ui/cn';
import { Logo } from './logo';

// Tailwind sees only whole class names, so the two widths are spelled out.
const WIDTHS = {
  /** The checkout: the form beside the order summary. */
  wide: { header: 'max-w-6xl', body: 'max-w-6xl sm:pt-8' },
  /** The wizard: one step at a time. */
  narrow: { header: 'max-w-4xl', body: 'max-w-2xl sm:pt-10' },
} as const;

type FocusedShellProps = {
  /** The accessible name of the logo link home, in the flow's words. */
  homeLabel: string;
  /** Beside the logo: what the visitor is doing (the flow's name, the step's title). */
  title?: ReactNode;
  /** The header's right corner: the way back and the account. */
  actions: ReactNode;
  width: keyof typeof WIDTHS;
  children: ReactNode;
  /** The step bar (Previous and Next), kept in view at the bottom. */
  footer?: ReactNode;
};

/**
 * The quiet frame of the wizard and the checkout (docs/spec.md section 2): logo, what is being done and
 * the account; no shop menu to wander off through.
 */
export function FocusedShell({ homeLabel, title, actions, width, children, footer }: FocusedShellProps) {
  const widths = WIDTHS[width];
  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-cream-100">
      <header className="border-b border-sand-300/70 bg-cream-100/95">
        <div className={cn('mx-auto flex h-16 items-center gap-3 px-4 sm:px-6', widths.header)}>
          <Link to="/" aria-label={homeLabel} className="-m-1 shrink-0 rounded-xl p-1">
            <img
              src="/brand/favicon.svg"
              alt=""
              width={36}
              height={36}
              fetchPriority="low"
              className="size-9 -rotate-6 sm:hidden"
            />
            <Logo className="hidden h-8 sm:block sm:h-8" />
          </Link>
          <p className="min-w-0 flex-1 truncate text-center font-display text-lg font-semibold sm:text-xl">
            {title}
          </p>
          {actions}
        </div>
      </header>
      <div className={cn('mx-auto flex w-full flex-1 flex-col px-4 pt-6 pb-10 sm:px-6', widths.body)}>
        {children}
      </div>
      {footer}
    </div>
  );
}
