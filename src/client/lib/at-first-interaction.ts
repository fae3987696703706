// Code a page may need after its first screen (the wizard's later steps, say) is fetched at the
// visitor's first press, key or touch, not before: it is not part of the page's first load (issue 33),
// yet is usually there by the time the press has led to it.
const EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;
// Under Vitest there is no download to spare: the code loads at once, so a test sees what a person
// sees once the code is there (a step's heading, not the previous one kept during the load).
const AT_ONCE = import.meta.env.MODE === 'test';
const waiting = new Set<() => unknown>();
let listening = false;

function loadAll() {
  listening = false;
  for (const type of EVENTS) window.removeEventListener(type, loadAll, true);
  const loads = [...waiting];
  waiting.clear();
  for (const load of loads) void Promise.resolve(load()).catch(() => {});
}

/** Runs `load` (a dynamic import) at the first interaction with the page (never without a window). */
export function atFirstInteraction(load: () => unknown, { atOnce = AT_ONCE } = {}) {
  if (typeof window === 'undefined') return;
  if (atOnce) {
    void Promise.resolve(load()).catch(() => {});
    return;
  }
  waiting.add(load);
  if (listening) return;
  listening = true;
  for (const type of EVENTS) window.addEventListener(type, loadAll, { capture: true, passive: true });
}
