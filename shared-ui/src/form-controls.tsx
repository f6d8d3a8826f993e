// Form controls for react-hook-form on top of FormField: SelectField takes `{...register('x')}` (the ref
// reaches the <select>), SwitchField is driven by a Controller. Inputs and textareas need no wrapper:
// <FormField label="Email"><Input {...register('email')} /></FormField>.
import { NativeSelect, Switch } from '@chakra-ui/react';
import type { ComponentProps, ReactNode, Ref } from 'react';
import type { SelectOption } from './filter-panel';
import { FormField } from './form-field';

/** Props of SelectField: FormField's plus the native select's (name, value, onChange, onBlur …). */
export interface SelectFieldProps extends Omit<
  ComponentProps<typeof NativeSelect.Field>,
  'children' | 'placeholder' | 'ref'
> {
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  options: readonly SelectOption[];
  /** First choice with the value '' (e.g. 'Select an industry', 'No user account'). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * Labelled native select that works with `register`.
 * @example <SelectField label="Industry" placeholder="Select an industry" options={INDUSTRIES.map((i) => ({ value: i, label: i }))} error={errors.industry?.message} {...register('industry')} />
 */
export function SelectField({
  label,
  required,
  error,
  hint,
  disabled,
  options,
  placeholder,
  ref,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FormField label={label} required={required} error={error} hint={hint} disabled={disabled}>
      <NativeSelect.Root>
        <NativeSelect.Field ref={ref} {...selectProps}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** Props of SwitchField. */
export interface SwitchFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  name?: string;
}

/**
 * Labelled on/off switch (role switch) with an optional hint under it.
 * @example <Controller control={control} name="isActive" render={({ field }) => <SwitchField label="Active" checked={field.value} onCheckedChange={field.onChange} />} />
 */
export function SwitchField({ label, checked, onCheckedChange, hint, disabled, name }: SwitchFieldProps) {
  return (
    <FormField label={label} hint={hint} disabled={disabled}>
      <Switch.Root
        checked={checked}
        disabled={disabled}
        name={name}
        onCheckedChange={(details) => onCheckedChange(details.checked)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
      </Switch.Root>
    </FormField>
  );
}
