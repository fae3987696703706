import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useToastsInUse } from '../ui/toasts-in-use';
import { PaintedPageProvider } from './painted-page';

const AppToaster = lazy(() => import('./toaster'));

// Vitest does not go through vite.config.ts, so no import of 'sonner' reaches the bridge that says
// toasts are in use: there the Toaster mounts at once, as it did before it was loaded on demand.
const TOASTER_AT_ONCE = import.meta.env.MODE === 'test';

/** Mounts the Toaster once code that can raise a toast has loaded (see ../ui/toasts-in-use). */
function ToasterOnDemand() {
  const inUse = useToastsInUse();
  if (!inUse && !TOASTER_AT_ONCE) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * Everything the app needs around its routes: texts, server state and toasts, and whether the
 * first render is a page the server painted (its render, or the browser's hydration of it).
 */
export function AppProviders({
  i18n,
  queryClient,
  painted = false,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  painted?: boolean;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PaintedPageProvider value={painted}>
          {/* The first paint waits for the layout's texts (a few hundred bytes) instead of flashing keys. */}
          <Suspense fallback={null}>{children}</Suspense>
        </PaintedPageProvider>
        <ToasterOnDemand />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
