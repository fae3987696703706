import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonSize, buttonClass } from '../ui/button';

export const BUILD_BOOK_HREF = '/themes?type=storybook';

/**
 * The 'build my book' call to action. A plain <a>, not a router Link: docs/spec.md section 2 asks for a
 * full page load here.
 */
export function BuildBookLink({
  size = 'md',
  className,
  children,
}: {
  size?: ButtonSize;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <a href={BUILD_BOOK_HREF} className={buttonClass({ variant: 'primary', size, className })}>
      {children ?? t('actions.buildBook')}
    </a>
  );
}
