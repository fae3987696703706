import { useSyncExternalStore } from 'react';

// The Toaster (sonner) loads on demand. vite.config.ts routes every client `import … from 'sonner'`
// through ./sonner-bridge, which calls markToastsInUse() once any code that can raise a toast has
// loaded; sonner shows the toasts raised before its Toaster mounted as soon as it does.
let inUse = false;
const listeners = new Set<() => void>();

/** Says that code able to raise a toast has loaded, so the Toaster should mount. */
export function markToastsInUse() {
  if (inUse) return;
  inUse = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once code able to raise a toast has loaded. */
export function useToastsInUse(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inUse,
    () => false,
  );
}
