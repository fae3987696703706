import { type FocusEvent, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';

/** How the stand-in trigger was used; a keyboard opening puts focus on the first item, as Radix does. */
export type OpenedWith = 'pointer' | 'keyboard';

/**
 * For a Radix menu whose code loads on first use: props for a stand-in trigger that opens the way
 * Radix's own trigger does (main button down, Enter, Space or ArrowDown) and starts the download as
 * soon as the pointer or the focus reaches it. `openedWith` is null until the first opening.
 */
export function useMenuOnDemand(load: () => Promise<unknown>) {
  const [openedWith, setOpenedWith] = useState<OpenedWith | null>(null);
  const prefetch = () => {
    void load();
  };
  const triggerProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || event.ctrlKey) return;
      // Like Radix: the focus goes to the menu, not to the trigger.
      event.preventDefault();
      setOpenedWith('pointer');
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
      event.preventDefault();
      setOpenedWith('keyboard');
    },
  };
  return { openedWith, triggerProps };
}

/**
 * Radix focuses the menu itself when it mounts already open; after a keyboard opening, move on to the
 * first item as its own trigger would. Returns the content's `onFocus`.
 */
export function useFocusFirstItemOnce(openedWith: OpenedWith | null) {
  const pending = useRef(openedWith === 'keyboard');
  return (event: FocusEvent<HTMLElement>) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    pending.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
  };
}
