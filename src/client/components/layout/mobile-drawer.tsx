import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/get-session';
import { buttonClass } from '../ui/button';
import { Sheet } from '../ui/sheet';
import { AccountArea } from './account-area';
import { BuildBookLink } from './build-book-link';
import { LanguageButtons } from './language-switcher';

/** Phones (< md): the top bar's items move into this side drawer. */
export function MobileDrawer() {
  const { t } = useTranslation('navigation');
  const [open, setOpen] = useState(false);
  const { isSignedIn } = useSession();
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title={t('menu.title')}
      description={isSignedIn ? t('menu.descriptionSignedIn') : t('menu.description')}
      closeLabel={t('menu.close')}
      trigger={
        <button
          type="button"
          aria-label={t('menu.open')}
          className={buttonClass({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
        >
          <Menu aria-hidden="true" className="size-6" strokeWidth={2.2} />
        </button>
      }
    >
      <BuildBookLink size="lg" className="w-full" />
      <LanguageButtons />
      <div className="mt-auto border-t border-sand-300 pt-6">
        <AccountArea variant="drawer" onNavigate={() => setOpen(false)} />
      </div>
    </Sheet>
  );
}
