// Code a page may need after its first screen (the wizard's later steps, say) is fetched at the
// visitor's first press, key or touch, not before: it is not part of the page's first load (issue 33),
// yet is usually there by the time the press has led to it.
const EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;
const waiting = new Set<() => unknown>();
let listening = false;

function loadAll() {
  listening = false;
  for (const type of EVENTS) window.removeEventListener(type, loadAll, true);
  const loads = [...waiting];
  waiting.clear();
  for (const load of loads) void Promise.resolve(load()).catch(() => {});
}

/** Runs `load` (a dynamic import) at the first interaction with the page; at once if there is no window. */
export function atFirstInteraction(load: () => unknown) {
  if (typeof window === 'undefined') return;
  waiting.add(load);
  if (listening) return;
  listening = true;
  for (const type of EVENTS) window.addEventListener(type, loadAll, { capture: true, passive: true });
}
