// Every client `import … from 'sonner'` resolves to this module in the Vite build (see
// vite.config.ts), and this module's own import to the real package, loaded at the first toast: a
// page that may raise a toast does not carry sonner (~9 KB gzip) before it does (issue 33). The
// Toaster mounts then too; sonner shows the toasts raised before its Toaster mounted once it has.
import { markToastsInUse } from './toasts-in-use';

type Sonner = typeof import('sonner');
type Toast = Sonner['toast'];

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;

function withSonner(use: (loaded: Sonner) => void) {
  if (sonner) return use(sonner);
  loading ??= import('sonner').then((module) => {
    sonner = module;
    markToastsInUse();
    return module;
  });
  void loading.then(use);
}

/** sonner's `toast` as the app uses it (its answer, the toast's id, is never read). */
export const toast = Object.assign(
  (...args: Parameters<Toast>) => withSonner((loaded) => loaded.toast(...args)),
  {
    success: (...args: Parameters<Toast['success']>) => withSonner((loaded) => loaded.toast.success(...args)),
    error: (...args: Parameters<Toast['error']>) => withSonner((loaded) => loaded.toast.error(...args)),
    info: (...args: Parameters<Toast['info']>) => withSonner((loaded) => loaded.toast.info(...args)),
    dismiss: (...args: Parameters<Toast['dismiss']>) => withSonner((loaded) => loaded.toast.dismiss(...args)),
  },
);
