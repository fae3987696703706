import { useTranslation } from 'react-i18next';
import { AccountArea } from './account-area';
import { BuildBookLink } from './build-book-link';
import { CART_COUNT, CartButton } from './cart-button';
import { LanguageSwitcher } from './language-switcher';
import { LogoLink } from './logo';
import { MobileDrawer } from './mobile-drawer';

export function TopBar({ cartCount = CART_COUNT }: { cartCount?: number }) {
  const { t } = useTranslation('navigation');
  return (
    <header className="sticky top-0 z-40 border-b border-sand-300/70 bg-cream-100/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 md:h-20">
        <LogoLink />
        <nav aria-label={t('mainNav')} className="flex items-center gap-1 md:gap-2">
          {/* Wrapped: `hidden` on the link itself would fight the button's own `inline-flex`. */}
          <div className="hidden md:block">
            <BuildBookLink size="sm" />
          </div>
          <div className="hidden md:block">
            <LanguageSwitcher />
          </div>
          <CartButton count={cartCount} />
          <div className="hidden md:block">
            <AccountArea />
          </div>
          <MobileDrawer />
        </nav>
      </div>
    </header>
  );
}
