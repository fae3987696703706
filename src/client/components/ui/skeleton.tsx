import { cn } from './cn';

const tint = 'bg-ink-900/5 motion-safe:animate-pulse';

/**
 * A calm tinted block holding the place of something still loading, sized by `className` to the
 * box it stands for. Decorative: the page says "Loading…" once, in words, in a status beside it.
 */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block rounded-2xl', tint, className)} />;
}

/**
 * One line of text's place: as tall as a line set in `className`'s font classes (the bar sits in a
 * line box of that line height), the bar as wide as `width`.
 */
export function SkeletonLine({ className, width = 'w-full' }: { className?: string; width?: string }) {
  return (
    <span aria-hidden="true" className={cn('block', className)}>
      <span className={cn('inline-block h-[0.7em] rounded-full align-middle', tint, width)} />
    </span>
  );
}

/** A button's place: the same heights as the buttons' sizes (components/ui/button.tsx). */
export function SkeletonButton({
  size = 'md',
  className,
}: {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const height = { sm: 'h-10', md: 'h-11', lg: 'h-14' }[size];
  return <span aria-hidden="true" className={cn('block rounded-full', tint, height, className)} />;
}
