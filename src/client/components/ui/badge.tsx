import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A small rounded count or label, e.g. on the cart button. */
export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-coral-600 px-1.5 text-xs leading-5 font-extrabold text-white',
        className,
      )}
      {...props}
    />
  );
}
