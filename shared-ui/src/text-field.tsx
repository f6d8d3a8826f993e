// A text input of a record's form, bound to the form by its field's name: the label, the '*' of a
// required field, the hint, and the field's validation or server error under it.
import { Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useFormState, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { FormField } from './form-field';

/** Props of TextField: the form and the field's name, FormField's label and hint, and the input's own. */
export interface TextFieldProps<V extends FieldValues, O> extends Omit<InputProps, 'form' | 'name'> {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
}

/**
 * @example <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
 */
export function TextField<V extends FieldValues, O>({
  form,
  name,
  label,
  required,
  hint,
  ...input
}: TextFieldProps<V, O>) {
  const { error } = form.getFieldState(name, useFormState({ control: form.control, name }));
  return (
    <FormField label={label} required={required} hint={hint} error={error?.message}>
      <Input {...form.register(name)} {...input} />
    </FormField>
  );
}
