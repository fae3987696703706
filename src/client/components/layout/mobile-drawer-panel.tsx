import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/get-session';
import { Dialog } from '../ui/dialog';
import { BuildBookLink } from './build-book-link';
import { DrawerAccountArea } from './drawer-account';
import { LanguageButtons } from './language-switcher';
import { MenuButton } from './menu-button';

/** The drawer itself (Radix Dialog), loaded on the first tap of the menu button and mounted open. */
export default function MobileDrawerPanel() {
  const { t } = useTranslation('navigation');
  const [open, setOpen] = useState(true);
  const { isSignedIn } = useSession();
  return (
    <Dialog
      side="right"
      overlayTestId="sheet-overlay"
      open={open}
      onOpenChange={setOpen}
      title={t('menu.title')}
      description={isSignedIn ? t('menu.descriptionSignedIn') : t('menu.description')}
      closeLabel={t('menu.close')}
      trigger={<MenuButton />}
    >
      <BuildBookLink size="lg" className="w-full" />
      <LanguageButtons />
      <div className="mt-auto border-t border-sand-300 pt-6">
        <DrawerAccountArea onNavigate={() => setOpen(false)} />
      </div>
    </Dialog>
  );
}
