import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { buttonClass } from './button';

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the sheet; focus returns to it on close. */
  trigger: ReactElement;
  title: string;
  description: string;
  closeLabel: string;
  children: ReactNode;
};

/** A side panel from the right on Radix Dialog: focus trap, Escape, overlay click and a titled dialog. */
export function Sheet({ open, onOpenChange, trigger, title, description, closeLabel, children }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="sheet-overlay"
          className="fixed inset-0 z-50 bg-ink-900/40 motion-safe:data-[state=open]:animate-fade-in"
        />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col gap-8 overflow-y-auto rounded-l-3xl bg-cream-100 px-6 pt-6 pb-8 shadow-soft motion-safe:data-[state=open]:animate-sheet-in-right">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-display text-2xl font-semibold">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-700">{description}</Dialog.Description>
            </div>
            <Dialog.Close
              className={buttonClass({ variant: 'ghost', size: 'icon', className: '-mt-1 -mr-2 shrink-0' })}
            >
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">{closeLabel}</span>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
