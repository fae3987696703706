import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * The shop's one form approach (issue 13): react-hook-form with a shared zod schema as resolver.
 * Checked on submit; the first field with a problem gets the focus; a field's problem goes as soon
 * as it is edited and is checked again on the next submit (not while the person is typing). A form
 * whose fields are not all inputs (a photo) passes `focusError: false` and moves the focus itself.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  { focusError = true }: { focusError?: boolean } = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> & {
  /** `register` plus the clearing of the field's problem on change, for a text field. */
  field: (
    name: Path<z.input<Schema>>,
    onChange?: (value: string) => void,
  ) => ReturnType<UseFormReturn<z.input<Schema>>['register']>;
} {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: focusError,
  });
  const field = (name: Path<z.input<Schema>>, onChange?: (value: string) => void) =>
    form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        form.clearErrors(name);
        onChange?.(event.target.value);
      },
    });
  return { ...form, field };
}
