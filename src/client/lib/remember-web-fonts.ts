import { fontsCookie } from '../../shared/storefront';

/**
 * Once the app's web fonts have loaded (so they sit in this browser's cache), the `fonts` cookie
 * tells the server to name them at once on the pages it paints (issue 33, docs/decisions/017): a
 * parent who came in through the app's pages (sign-in, the wizard) and never saw a painted
 * storefront page gets the reader in its own fonts from the first paint, not after a swap.
 */
export function rememberWebFonts(fonts: FontFaceSet | undefined = document.fonts): void {
  if (!fonts) return;
  const remember = () => {
    // The local stand-ins ("… Fallback", styles.css) load too; only a downloaded face counts.
    const loaded = [...fonts].some((face) => face.status === 'loaded' && !face.family.includes('Fallback'));
    if (!loaded) return;
    fonts.removeEventListener('loadingdone', remember);
    try {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser served
      document.cookie = fontsCookie();
    } catch {
      // cookies refused: painted pages keep asking for the fonts after their first picture
    }
  };
  fonts.addEventListener('loadingdone', remember);
  void fonts.ready.then(remember);
}
