import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** Everything the app needs around its routes: texts, server state and toasts. */
export function AppProviders({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* The first paint waits for the layout's texts (a few hundred bytes) instead of flashing keys. */}
        <Suspense fallback={null}>{children}</Suspense>
        <Toaster position="top-right" toastOptions={{ style: { fontFamily: 'inherit' } }} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
