import { useState } from 'react';
import { cn } from '../ui/cn';

/** The first letter of the e-mail, upper case (docs/spec.md section 2). */
export function initialOf(email: string): string {
  return (Array.from(email.trim())[0] ?? '?').toUpperCase();
}

/**
 * The user's picture when there is one (from Google or Microsoft), else the e-mail's initial on a
 * coloured disc. Decorative: the control around it carries the name.
 */
export function UserAvatar({
  email,
  image,
  className,
}: {
  email: string;
  image?: string | null;
  className?: string;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const shape = cn('inline-flex size-10 shrink-0 items-center justify-center rounded-full', className);
  if (image && !imageFailed) {
    return (
      <img
        src={image}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setImageFailed(true)}
        className={cn(shape, 'object-cover ring-2 ring-white')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initial"
      className={cn(shape, 'bg-coral-600 font-display text-lg font-semibold text-white ring-2 ring-white')}
    >
      {initialOf(email)}
    </span>
  );
}
