import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { KeyboardEventHandler, ReactElement, ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; focus returns to it on close. */
  trigger: ReactElement;
  title: string;
  description: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
};

/**
 * A centred dialog on Radix Dialog (focus trap, Escape, overlay click, titled and described); on a
 * phone it fills the width and scrolls inside.
 */
export function Modal({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  children,
  className,
  onKeyDown,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50 motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-3xl bg-cream-100 p-5 shadow-soft sm:p-7 motion-safe:data-[state=open]:animate-pop-in',
            className ?? 'max-w-lg',
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="font-display text-2xl font-semibold break-words">{title}</Dialog.Title>
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
