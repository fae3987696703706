// Every client `import … from 'sonner'` resolves to this module in the Vite build (see
// vite.config.ts), and this module's own import to the real package: loading sonner anywhere
// mounts the Toaster, which is left out of the first load.
import { markToastsInUse } from './toasts-in-use';

export * from 'sonner';

markToastsInUse();
