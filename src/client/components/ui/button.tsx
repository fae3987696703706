import type { ComponentProps } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-bold whitespace-nowrap select-none ' +
  'transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-coral-600 text-white shadow-soft hover:bg-coral-700 active:bg-coral-700',
  secondary: 'border-2 border-ink-900/15 bg-cream-50 text-ink-900 hover:border-ink-900/30 hover:bg-white',
  ghost: 'text-ink-900 hover:bg-ink-900/5',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-10 px-4 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-14 px-8 text-lg',
  icon: 'size-11',
};

/**
 * The button look as classes, so a plain <a> or a router <Link> can look like a button too.
 * `className` adds to the look; it cannot override display, padding or colours (no class merging),
 * so hide a button with a wrapper or a responsive variant like `md:hidden`.
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
