import * as Tabs from '@radix-ui/react-tabs';
import { BookOpen, Loader2, Package, ShieldCheck } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../../components/auth/get-session';
import { signInPath } from '../../../components/auth/safe-redirect';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { atFirstInteraction } from '../../../lib/at-first-interaction';
import { useProfile } from '../api/get-profile';
import { type ProfileTab, parseProfileTab } from '../lib/links';
import { BooksTab } from './books-tab';
import { LoadError } from './load-error';
import { ProfileHeader } from './profile-header';
import type { ReviewFormComponent } from './review-dialog';

// The tabs not shown first load at the first press, or when chosen (Radix mounts only the open
// tab): not part of the profile's first load (issue 33).
const loadOrdersTab = () => import('./orders-tab');
const OrdersTab = lazy(() => loadOrdersTab().then((module) => ({ default: module.OrdersTab })));
atFirstInteraction(loadOrdersTab);
const loadDataControlsTab = () => import('./data-controls-tab');
const DataControlsTab = lazy(() =>
  loadDataControlsTab().then((module) => ({ default: module.DataControlsTab })),
);
atFirstInteraction(loadDataControlsTab);

function TabLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="flex justify-center py-10">
          <Loader2 aria-hidden="true" className="size-6 text-coral-600 motion-safe:animate-spin" />
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

const TAB_ICONS = { 'active-generations': BookOpen, orders: Package, 'data-controls': ShieldCheck } as const;
const TAB_LABELS = { 'active-generations': 'books', orders: 'orders', 'data-controls': 'data' } as const;

const tabTriggerClass =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-3 text-sm font-bold whitespace-nowrap text-ink-700 transition-colors hover:text-ink-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-soft sm:flex-none sm:px-5 sm:text-base';

/**
 * /profile: who is signed in, their books with live status, their orders and their data. The tab is
 * in the address (`?tab=`), so a link or a reload opens the same one.
 */
export function ProfilePage({ ReviewForm }: { ReviewForm: ReviewFormComponent }) {
  const { t } = useTranslation('profile');
  const location = useLocation();
  const session = useSession();
  const profile = useProfile({ enabled: session.isSignedIn });
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseProfileTab(searchParams.get('tab'));
  useDocumentTitle(t('metaTitle'));
  // Sign-out and account deletion go home, then drop the session; the navigation may not have
  // landed when the session turns null, and this page must not send the user to /auth meanwhile.
  const leaving = useRef(false);
  const onLeft = () => {
    leaving.current = true;
  };

  if (!session.isLoading && !session.isSignedIn) {
    if (leaving.current) return null;
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }

  const selectTab = (value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // The session's user paints the header at once; the profile read replaces it when it lands.
  const user = profile.data ?? session.user;

  // At least the window's height: while the session and the lists load, the footer stays below the
  // fold instead of showing under the placeholders and jumping down when the cards arrive (issue 19).
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      {user ? (
        <ProfileHeader user={user} onLeft={onLeft} />
      ) : (
        <p role="status" className="flex items-center justify-center gap-2 py-16 text-ink-700">
          <Loader2 aria-hidden="true" className="size-5 text-coral-600 motion-safe:animate-spin" />
          {t('loading')}
        </p>
      )}
      {profile.isError && (
        <LoadError
          error={profile.error}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      )}
      {session.isSignedIn && (
        <Tabs.Root value={tab} onValueChange={selectTab} className="flex flex-col gap-6">
          <Tabs.List
            aria-label={t('tabs.label')}
            className="flex gap-1 overflow-x-auto rounded-full bg-sand-300/40 p-1 sm:self-start"
          >
            {(Object.keys(TAB_LABELS) as ProfileTab[]).map((value) => {
              const Icon = TAB_ICONS[value];
              return (
                <Tabs.Trigger key={value} value={value} className={tabTriggerClass}>
                  <Icon aria-hidden="true" className="hidden size-5 min-[420px]:block" />
                  {t(`tabs.${TAB_LABELS[value]}`)}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          <Tabs.Content value="active-generations" className="focus-visible:outline-none">
            <BooksTab />
          </Tabs.Content>
          <Tabs.Content value="orders" className="focus-visible:outline-none">
            <TabLoading>
              <OrdersTab ReviewForm={ReviewForm} />
            </TabLoading>
          </Tabs.Content>
          <Tabs.Content value="data-controls" className="focus-visible:outline-none">
            <TabLoading>
              <DataControlsTab onLeft={onLeft} />
            </TabLoading>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
