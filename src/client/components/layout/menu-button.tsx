import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button';

// Its own file so the drawer (loaded on first tap) and the top bar share it without a circle.
/** The top bar's menu button (phones only); Radix's Dialog.Trigger passes its props and ref through. */
export function MenuButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation('navigation');
  return (
    <button
      type="button"
      aria-label={t('menu.open')}
      className={buttonClass({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
      {...props}
    >
      <Menu aria-hidden="true" className="size-6" strokeWidth={2.2} />
    </button>
  );
}
