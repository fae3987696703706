import * as Tabs from '@radix-ui/react-tabs';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

const triggerClass =
  'h-10 rounded-full px-3 font-bold text-ink-700 transition-colors hover:text-ink-900 ' +
  'data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-soft';

/**
 * The "Sign in" / "Create account" tabs above the forms (the sign-in page, the wizard's last step);
 * their panels are `signin` and `signup`.
 */
export function SignInTabsList({ signInRef }: { signInRef?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('auth');
  return (
    <Tabs.List
      aria-label={t('tabs.label')}
      className="mb-6 grid grid-cols-2 gap-1 rounded-full bg-cream-200 p-1"
    >
      <Tabs.Trigger ref={signInRef} value="signin" className={triggerClass}>
        {t('tabs.signin')}
      </Tabs.Trigger>
      <Tabs.Trigger value="signup" className={triggerClass}>
        {t('tabs.signup')}
      </Tabs.Trigger>
    </Tabs.List>
  );
}
