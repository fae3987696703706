import { useEffect } from 'react';
import { Toaster } from 'sonner';

/** Space between the header's lower edge and the first toast. */
const GAP_PX = 8;
/** Set on <html>: where toasts start, in px from the top of the window. */
export const TOAST_TOP_VARIABLE = '--toast-top';

/**
 * Where toasts may start without covering the page header's controls (language, cart, account):
 * just under the header as it is on screen now (below the demo band at the top of the page, at the
 * window's top once the sticky top bar is all that is left).
 */
export function toastTop(): number {
  const header = document.querySelector('header');
  const bottom = header ? header.getBoundingClientRect().bottom : 0;
  return Math.max(0, Math.round(bottom)) + GAP_PX;
}

/** Keeps TOAST_TOP_VARIABLE under the header while the page scrolls and the window changes size. */
function useToastTop() {
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      document.documentElement.style.setProperty(TOAST_TOP_VARIABLE, `${toastTop()}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, []);
}

// Sonner's own sides stay (24 px, 16 px on small screens); only the top moves below the header.
const top = `var(${TOAST_TOP_VARIABLE}, 96px)`;

/** The app's one Toaster, top right under the header (full width under it on a phone). */
export default function AppToaster() {
  useToastTop();
  return (
    <Toaster
      position="top-right"
      offset={{ top, right: 24 }}
      mobileOffset={{ top, left: 16, right: 16 }}
      toastOptions={{ style: { fontFamily: 'inherit' } }}
    />
  );
}
