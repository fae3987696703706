import { lazy, Suspense, useState } from 'react';
import { MenuButton } from './menu-button';

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
