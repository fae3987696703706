import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

type BookDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  closeLabel: string;
  children: ReactNode;
  /** The width of the panel (a picture wants more room than a question). */
  className?: string;
};

/**
 * A centred dialog on Radix Dialog (focus trap, Escape, titled and described; focus goes back to
 * what opened it). The shop's one dialog primitive replaces it once it exists in components/ui.
 */
export function BookDialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  className,
}: BookDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/60 motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[94dvh] w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-3xl bg-cream-100 p-4 shadow-soft sm:p-6 motion-safe:data-[state=open]:animate-pop-in',
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
