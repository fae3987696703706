// The only script a storefront page loads before the visitor does anything (issue 19, decision 017).
// The server painted the page; the app (React, the router, the texts) loads at the first pointer,
// key, touch or focus and then hydrates the HTML in place. Until then links are plain links (a full
// page load, painted by the server again) and a press on a button is kept and replayed once the app
// has taken over, so nothing the visitor does is lost.
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '../shared/i18n';
import {
  DEFERRED_SRC_ATTRIBUTE,
  DEFERRED_SRCSET_ATTRIBUTE,
  FAVOURITES_STORAGE_KEY,
  fontsCookie,
  HYDRATED_EVENT,
  languageCookie,
  WEB_FONTS_ELEMENT_ID,
} from '../shared/storefront';

const WAKE_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
// What only the app can answer: a press on these waits for it. Links keep working without it.
const APP_CONTROLS = 'button, [role="button"], summary, input, select, textarea, label';

let started = false;
let hydrated = false;
let pressed: HTMLElement | null = null;
/** A press this script makes itself (the replay), which must reach the app untouched. */
let replaying = false;

function startApp() {
  if (started) return;
  started = true;
  for (const type of WAKE_EVENTS) document.removeEventListener(type, startApp, true);
  document.addEventListener(HYDRATED_EVENT, replay, { once: true });
  void import('./main');
}

// React hydrates the page's parts one after another (each Suspense boundary in its own pass, and a
// pass can wait on a part's code), and HYDRATED_EVENT only says hydration has begun: a control is
// the app's once React has committed it. Until then a press on it is held and replayed.
type Fiber = { return: Fiber | null; alternate: Fiber | null; stateNode?: { current?: unknown } | null };

/** Whether this fiber's tree is the one on screen: its root's FiberRoot points back to it. */
function inCommittedTree(fiber: Fiber | null): boolean {
  let node = fiber;
  while (node?.return) node = node.return;
  return node !== null && node.stateNode?.current === node;
}

/**
 * Whether React has taken this element over and shown it (committed), not only rendered it in a
 * hydration pass it has not finished (a press then would find no handler and be lost). React marks
 * each element with its fiber; the fiber, or the copy React swaps it with, reaches the root on screen.
 */
function isHydrated(element: Element): boolean {
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  if (!key) return false;
  const fiber = (element as unknown as Record<string, Fiber>)[key] ?? null;
  return inCommittedTree(fiber) || inCommittedTree(fiber?.alternate ?? null);
}
const REPLAY_WAIT_MS = 10_000;

/** Presses a control the visitor pressed before the app had it, the way they pressed it. */
function replay() {
  hydrated = true;
  if (typed.size > 0) retype();
  const held = pressed;
  pressed = null;
  if (!held) return;
  // Where React painted the part again instead of adopting it, the press goes to its new copy.
  const place = Array.from(document.querySelectorAll(APP_CONTROLS)).indexOf(held);
  let target = held;
  const startedAt = performance.now();
  const press = () => {
    if (!target.isConnected) {
      const copy = document.querySelectorAll<HTMLElement>(APP_CONTROLS)[place];
      if (!copy || copy.tagName !== held.tagName || copy.textContent !== held.textContent) return;
      target = copy;
    }
    if (!isHydrated(target) && performance.now() - startedAt < REPLAY_WAIT_MS) {
      requestAnimationFrame(press);
      return;
    }
    replaying = true;
    try {
      // Menus open on the pointer going down (Radix, components/ui/use-menu-on-demand.ts).
      if (target.matches('[aria-haspopup="menu"]')) {
        target.dispatchEvent(
          new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0, isPrimary: true }),
        );
        // Tabs are chosen on the mouse button going down (Radix's tabs: the profile's, issue 33).
      } else if (target.matches('[role="tab"]')) {
        target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
      } else target.click();
    } finally {
      replaying = false;
    }
  };
  press();
}

/**
 * A press on a control the app does not have yet (before the app loads, or while React is still
 * taking the page over) is held and replayed once it has; a control React has is left alone.
 */
function holdPress(event: MouseEvent) {
  if (replaying || !(event.target instanceof Element)) return;
  const control = event.target.closest<HTMLElement>(APP_CONTROLS);
  if (!control || control.closest('a[href]') || isHydrated(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  pressed = control;
  if (hydrated) replay();
  else startApp();
}

/**
 * Text typed into a painted field before the app had it (the wizard's first step, issue 33). React
 * keeps what the field shows when it takes the page over, but the app's form reads its fields
 * through their change events and writes its own starting values into them as it takes them over.
 * So what was typed is noted here and typed again once the app has the field: set as the browser
 * would set it (past React's own note of the field's value) and announced with an `input` event.
 */
const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
const TYPED_FIELDS =
  'textarea, input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="number"], input[type="search"]';

function noteTyping(event: Event) {
  if (replaying || !(event.target instanceof Element) || !event.target.matches(TYPED_FIELDS)) return;
  const field = event.target as HTMLInputElement | HTMLTextAreaElement;
  // Once the app has the field, it reads what is typed itself.
  if (isHydrated(field) && !typed.has(field)) return;
  typed.set(field, field.value);
  if (hydrated) retype();
}

/** Types again what was typed before the app, into each field once the app has it. */
function retype() {
  const startedAt = performance.now();
  const step = () => {
    for (const [field, value] of typed) {
      if (!field.isConnected) {
        typed.delete(field);
        continue;
      }
      if (!isHydrated(field) && performance.now() - startedAt < REPLAY_WAIT_MS) continue;
      typed.delete(field);
      const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
      Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(field, value);
      replaying = true;
      try {
        field.dispatchEvent(new Event('input', { bubbles: true }));
      } finally {
        replaying = false;
      }
    }
    if (typed.size > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * A language chosen before the server read it from the cookie (or set in this browser only): the
 * page was painted in another language, so the cookie is written and the page asked for again, once.
 */
function reloadForSavedLanguage(): boolean {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    const offered = LANGUAGES.some((language) => language.code === saved);
    if (!saved || !offered || saved === document.documentElement.lang) return false;
    // Once per address and language: a second time means cookies are refused (a later choice of
    // another language on the same address is asked for again).
    const attempt = `${saved} ${location.href}`;
    if (sessionStorage.getItem('language-reload') === attempt) return false;
    sessionStorage.setItem('language-reload', attempt);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser served
    document.cookie = languageCookie(saved);
    location.reload();
    return true;
  } catch {
    return false; // storage blocked: the server's choice stands
  }
}

/**
 * What the server cannot paint because only this browser knows it: a visitor who may be signed in
 * (the server marks the page, `data-hydrate="now"`) or who keeps favourite themes here. They get the
 * app at once, so their account corner and hearts are theirs from the start.
 */
function hasBrowserOnlyState(): boolean {
  if (document.documentElement.dataset.hydrate === 'now') return true;
  try {
    const favourites = localStorage.getItem(FAVOURITES_STORAGE_KEY);
    return Boolean(favourites && favourites !== '[]');
  } catch {
    return false;
  }
}

/**
 * The page's later pictures (components/ui/deferred-image.tsx) get their addresses once the page
 * has loaded and painted: until then its largest picture had the network to itself.
 */
function loadDeferredPictures() {
  for (const image of document.querySelectorAll<HTMLImageElement>(`img[${DEFERRED_SRC_ATTRIBUTE}]`)) {
    const srcset = image.getAttribute(DEFERRED_SRCSET_ATTRIBUTE);
    if (srcset) image.srcset = srcset;
    image.src = image.getAttribute(DEFERRED_SRC_ATTRIBUTE) ?? '';
    image.removeAttribute(DEFERRED_SRCSET_ATTRIBUTE);
    image.removeAttribute(DEFERRED_SRC_ATTRIBUTE);
  }
}

/**
 * On a first visit the page is drawn with the local stand-ins of the web fonts (same measures); the
 * fonts come once its first picture is shown, and the cookie tells the server to name them at once
 * from then on (they are in this browser's cache).
 */
function loadWebFonts() {
  const fonts = document.getElementById(WEB_FONTS_ELEMENT_ID);
  if (!fonts?.textContent) return;
  // With JavaScript on, a <noscript>'s content is its text: the <style> the server wrote.
  document.head.insertAdjacentHTML('beforeend', fonts.textContent);
  fonts.remove();
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser served
    document.cookie = fontsCookie();
  } catch {
    // cookies refused: the next page asks for the fonts later again
  }
}

/**
 * Once the page has loaded and its first (largest) picture is on screen: what waits for that then
 * does not share the network or the main thread with it.
 */
function afterFirstPicture(then: () => void) {
  const start = () => {
    const first = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    const decoded = first ? first.decode().catch(() => undefined) : Promise.resolve();
    void decoded.then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then))));
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

afterFirstPicture(() => {
  loadDeferredPictures();
  loadWebFonts();
});

if (!reloadForSavedLanguage()) {
  document.addEventListener('click', holdPress, true);
  document.addEventListener('input', noteTyping, true);
  if (hasBrowserOnlyState()) startApp();
  else
    for (const type of WAKE_EVENTS)
      document.addEventListener(type, startApp, { capture: true, passive: true });
}
