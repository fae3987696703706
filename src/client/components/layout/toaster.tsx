import { Toaster } from 'sonner';

/** The app's toasts, top right in the page's own font; loaded on demand by AppProviders. */
export default function AppToaster() {
  return <Toaster position="top-right" toastOptions={{ style: { fontFamily: 'inherit' } }} />;
}
