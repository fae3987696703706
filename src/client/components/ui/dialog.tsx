import {
  type ComponentType,
  cloneElement,
  type MouseEvent,
  type ReactElement,
  useEffect,
  useState,
} from 'react';
import type { DialogProps } from './dialog-radix';

// Radix Dialog (~15 KB gzip with its focus trap and scroll lock) is not part of a page's first load
// (issue 33): a dialog's code is fetched when the pointer comes near its trigger, the trigger takes
// focus or the dialog opens; until then the trigger is the plain button, and once the code is there
// the dialog is Radix's (a trigger pressed first opens it a moment later).
type Parts = ComponentType<DialogProps>;
let loaded: Parts | undefined;
let loading: Promise<Parts> | undefined;
function load(): Promise<Parts> {
  loading ??= import('./dialog-radix').then((module) => {
    loaded = module.default;
    return module.default;
  });
  return loading;
}
// Under Vitest the parts load at once (no download), so a test opens a dialog as a person would.
if (import.meta.env.MODE === 'test') void load();

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: unknown) => void;
  onFocus?: (event: unknown) => void;
};

/** The trigger before Radix has it: it opens the dialog, and says it does (as Radix's Trigger does). */
function plainTrigger(trigger: ReactElement<TriggerProps>, onOpenChange: (open: boolean) => void) {
  const { onClick, onPointerEnter, onFocus } = trigger.props;
  return cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    'data-state': 'closed',
    onClick: (event: MouseEvent<HTMLElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented) onOpenChange(true);
    },
    onPointerEnter: (event: unknown) => {
      onPointerEnter?.(event);
      void load();
    },
    onFocus: (event: unknown) => {
      onFocus?.(event);
      void load();
    },
  } as TriggerProps);
}

/**
 * The shop's one dialog, on Radix Dialog: focus trapped inside and returned to the trigger, Escape
 * and a click outside close it, and it is always titled and described for screen readers.
 */
export function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  const [parts, setParts] = useState<Parts | undefined>(() => loaded);
  useEffect(() => {
    if (!used || parts) return;
    let current = true;
    void load().then((next) => {
      if (current) setParts(() => next);
    });
    return () => {
      current = false;
    };
  }, [used, parts]);
  const Parts = used ? (parts ?? loaded) : undefined;
  if (Parts) return <Parts {...props} />;
  return props.trigger ? plainTrigger(props.trigger as ReactElement<TriggerProps>, props.onOpenChange) : null;
}
