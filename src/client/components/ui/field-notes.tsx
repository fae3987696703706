import { CircleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** A field's error in red, read with the field through its aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-semibold text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}

/** A field's id, the ids of its hint and its error, and the aria-describedby naming those shown. */
export function useFieldIds(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** Under a field: its standing hint, then its error. */
export function FieldNotes({
  ids,
  hint,
  error,
}: {
  ids: { hintId: string; errorId: string };
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={ids.hintId} className="text-sm text-ink-700">
          {hint}
        </p>
      )}
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </>
  );
}
