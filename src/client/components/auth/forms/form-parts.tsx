import { CircleAlert, Loader2 } from 'lucide-react';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/contracts/auth-forms';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { FieldNotes, useFieldIds } from '../../ui/field-notes';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'ref'> & {
  label: string;
  /** A field whose value a component keeps itself; a form's field spreads `field(name)` instead. */
  onValueChange?: (value: string) => void;
  /** Shown under the field in red and read with it; also marks the field invalid. */
  error?: string | undefined;
  /** A standing note under the field (e.g. the minimum length). */
  hint?: string;
  /** Next to the label, on the right (e.g. 'Forgot your password?'). */
  labelAside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input with its hint and its error tied to it by aria-describedby; in a form its value
 * is the form's (`useZodForm`'s `field(name)` spread on it).
 */
export function TextField({
  label,
  onValueChange,
  error,
  hint,
  labelAside,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  const { id, describedBy } = ids;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="font-bold">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        ref={ref}
        {...(onValueChange ? { onChange: (event) => onValueChange(event.target.value) } : {})}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-12 w-full rounded-2xl border-2 bg-white px-4 text-base text-ink-900 shadow-xs transition-colors',
          'placeholder:text-ink-700/60 focus-visible:border-ink-900 focus-visible:outline-offset-1',
          error ? 'border-red-600' : 'border-ink-900/20 hover:border-ink-900/35',
        )}
        {...input}
      />
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}

/** The red alert above a form for what the server said (docs/spec.md section 2: errors in a red alert). */
/** A form's field as the account forms pass it: the spread `field(name)` and its problem's text. */
type AccountFieldProps = Omit<TextFieldProps, 'label' | 'type'>;

/** The e-mail address of the account forms (sign-in, sign-up, reset). */
export function EmailField(props: AccountFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}

/**
 * A new password and its confirmation (sign-up, a reset): the minimum shown as a hint, both
 * offered to the browser's password manager as new.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels,
}: {
  password: AccountFieldProps;
  confirm: AccountFieldProps;
  labels: { password: string; confirm: string };
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={t('fields.passwordHint')}
        {...password}
      />
      <TextField label={labels.confirm} type="password" autoComplete="new-password" required {...confirm} />
    </>
  );
}

export function ErrorAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border-2 border-red-200 bg-red-50 p-4 text-red-900"
    >
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
        <p className="min-w-0 font-semibold">{children}</p>
      </div>
      {action}
    </div>
  );
}

/** A full-width submit button that says what is happening and cannot be pressed twice. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Button type="submit" size="md" className="w-full" disabled={pending}>
      {pending && <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />}
      {pending ? pendingLabel : label}
    </Button>
  );
}

/** A small text button for actions inside a form ('Forgot your password?', 'Back to sign in'). */
export function TextButton({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className={cn(
        'rounded-md text-sm font-bold text-coral-700 underline-offset-4 hover:underline disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

/** A calm confirmation in place of a form once its e-mail is on its way. */
export function SentNotice({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-2xl bg-lavender-100 p-5 text-ink-900">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-coral-600">
          {icon}
        </span>
        <h2 className="text-xl font-semibold">{title}</h2>
      </div>
      <div className="flex flex-col gap-3 text-ink-700">{children}</div>
    </div>
  );
}
