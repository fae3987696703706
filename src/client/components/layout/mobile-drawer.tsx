import { Menu } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button';

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

// The drawer (Radix Dialog, focus trap, scroll lock) is not needed to paint the page: it loads on
// the first tap, and from then on the loaded drawer owns the button.
const loadPanel = () => import('./mobile-drawer-panel');
const MobileDrawerPanel = lazy(loadPanel);

/** Phones (< md): the top bar's items move into this side drawer. */
export function MobileDrawer() {
  const [requested, setRequested] = useState(false);
  const standIn = (
    <MenuButton
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => setRequested(true)}
    />
  );
  if (!requested) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MobileDrawerPanel />
    </Suspense>
  );
}
