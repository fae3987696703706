import { useTranslation } from 'react-i18next';
import { AccountArea } from './account-area';
import { BuildBookLink } from './build-book-link';
import { CartButton } from './cart-button';
import { useUnpaidBooksCount } from './get-unpaid-books-count';
import { LanguageSwitcher } from './language-switcher';
import { LogoLink } from './logo';
import { MobileDrawer } from './mobile-drawer';

/** `cartCount` stands in for the parent's approved unpaid books (read from the API otherwise). */
export function TopBar({ cartCount }: { cartCount?: number }) {
  const { t } = useTranslation('navigation');
  const unpaid = useUnpaidBooksCount();
  return (
    <header className="sticky top-0 z-40 border-b border-sand-300/70 bg-cream-100/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 md:h-20">
        <LogoLink />
        <nav aria-label={t('mainNav')} className="flex shrink-0 items-center gap-1 md:gap-2">
          {/* Wrapped: `hidden` on the link itself would fight the button's own `inline-flex`. */}
          <div className="hidden md:block">
            <BuildBookLink size="sm" />
          </div>
          <div className="hidden md:block">
            <LanguageSwitcher />
          </div>
          <CartButton count={cartCount ?? unpaid} />
          <div className="hidden md:block">
            <AccountArea />
          </div>
          <MobileDrawer />
        </nav>
      </div>
    </header>
  );
}
