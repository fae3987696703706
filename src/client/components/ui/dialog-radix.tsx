import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { KeyboardEvent, KeyboardEventHandler, ReactElement, ReactNode } from 'react';
import { buttonClass } from './button';
import { cn } from './cn';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; focus returns to it on close. Absent for a dialog opened by the page. */
  trigger?: ReactElement;
  title: string;
  description: string;
  /** The corner close button's name; without it the dialog's own buttons close it. */
  closeLabel?: string;
  children: ReactNode;
  /** 'centre': a card in the middle (a phone gets the full width); 'right': a side panel, as the menu. */
  side?: 'centre' | 'right';
  /** The card's widest size (centre only), as a Tailwind max-width class. */
  maxWidth?: `max-w-${string}`;
  /** False while something must finish first (an upload, a deletion): Escape then does nothing. */
  dismissible?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  overlayTestId?: string;
};

const overlayClass = 'fixed inset-0 z-50 bg-ink-900/50 motion-safe:data-[state=open]:animate-fade-in';

const contentClass = {
  centre:
    'fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-3xl bg-cream-100 p-5 shadow-soft sm:p-7 motion-safe:data-[state=open]:animate-pop-in',
  right:
    'fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col gap-8 overflow-y-auto rounded-l-3xl bg-cream-100 px-6 pt-6 pb-8 shadow-soft motion-safe:data-[state=open]:animate-sheet-in-right',
};

/**
 * The shop's one dialog, on Radix Dialog (loaded on demand through ./dialog.tsx): focus trapped inside and returned to the trigger, Escape
 * and a click outside close it, and it is always titled and described for screen readers.
 */
export default function RadixDialogParts({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  children,
  side = 'centre',
  maxWidth = 'max-w-lg',
  dismissible = true,
  onKeyDown,
  overlayTestId,
}: DialogProps) {
  const keepOpen = (event: Event | KeyboardEvent) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next || dismissible) onOpenChange(next);
      }}
    >
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid={overlayTestId} className={overlayClass} />
        <RadixDialog.Content
          onKeyDown={onKeyDown}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          className={cn(contentClass[side], side === 'centre' && maxWidth)}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <RadixDialog.Title className="font-display text-2xl font-semibold break-words">
                {title}
              </RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-ink-700">
                {description}
              </RadixDialog.Description>
            </div>
            {closeLabel && (
              <RadixDialog.Close
                disabled={!dismissible}
                className={buttonClass({ variant: 'ghost', size: 'icon', className: '-mt-1 -mr-2 shrink-0' })}
              >
                <X aria-hidden="true" className="size-6" />
                <span className="sr-only">{closeLabel}</span>
              </RadixDialog.Close>
            )}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
