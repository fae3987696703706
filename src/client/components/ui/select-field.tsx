import { ChevronDown } from 'lucide-react';
import type { ComponentProps, Ref } from 'react';
import { cn } from './cn';
import { FieldNotes, useFieldIds } from './field-notes';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'value' | 'onChange' | 'ref' | 'children'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The choices; none may have an empty value (docs/spec.md section 5, select controls). */
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Shown under the field in red and read with it; also marks the field invalid. */
  error?: string | undefined;
  hint?: string;
  /** Shown while nothing is chosen yet (value ''); it is not a choice and cannot be picked again. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * A labelled native select, looking like the text fields: the phone's own picker on mobile, type-ahead
 * on a keyboard, and its hint and error tied to it by aria-describedby.
 */
export function SelectField({
  label,
  value,
  onValueChange,
  options,
  error,
  hint,
  placeholder,
  className,
  ref,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  const { id, describedBy } = ids;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          ref={ref}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'h-12 w-full cursor-pointer appearance-none rounded-2xl border-2 bg-white pr-11 pl-4 text-base text-ink-900 shadow-xs transition-colors',
            'focus-visible:border-ink-900 focus-visible:outline-offset-1',
            error ? 'border-red-600' : 'border-ink-900/20 hover:border-ink-900/35',
          )}
          {...select}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-ink-700"
        />
      </div>
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
