import { Field, Span } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Props of FormField. */
export interface FormFieldProps {
  label: ReactNode;
  /** Shows the '*' marker and marks the control aria-required. */
  required?: boolean;
  /** Validation message; when set the control is aria-invalid and described by it. */
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * Labelled form control on Chakra Field: label, '*' when required, hint and error under the control.
 * @example <FormField label="Company Name" required error={errors.name?.message}><Input {...register('name')} /></FormField>
 */
export function FormField({ label, required, error, hint, disabled, children }: FormFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {/* Ark links only the helper text through aria-describedby (the error text gets the less
          supported aria-errormessage), so hint and error share the helper element: every control
          inside (Input, Textarea, NativeSelect.Field) is then described by its message. */}
      {hint || error ? (
        <Field.HelperText>
          {hint ? <Span display="block">{hint}</Span> : null}
          {error ? (
            <Span display="block" color="fg.error" fontWeight="medium" data-field-error="">
              {error}
            </Span>
          ) : null}
        </Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
