import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm, Controller } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Input } from './chakra';
import { FormField } from './form-field';
import { SelectField, SwitchField } from './form-controls';
import { renderWithProviders } from './test-utils';

interface Values {
  name: string;
  industry: string;
  isActive: boolean;
}

function CompanyForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { register, handleSubmit, control, formState } = useForm<Values>({
    defaultValues: { name: '', industry: '', isActive: true },
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <FormField label="Company Name" required error={formState.errors.name?.message}>
        <Input {...register('name', { required: 'Company name is required' })} />
      </FormField>
      <SelectField
        label="Industry"
        placeholder="Select an industry"
        hint="Optional"
        options={[
          { value: 'Technology', label: 'Technology' },
          { value: 'Finance', label: 'Finance' },
        ]}
        {...register('industry')}
      />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <SwitchField label="Active" checked={field.value} onCheckedChange={field.onChange} />
        )}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('form controls with react-hook-form', () => {
  it('register works through FormField, SelectField and a Controller-driven SwitchField', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<CompanyForm onSubmit={onSubmit} />);
    const industry = screen.getByRole('combobox', { name: 'Industry' }) as HTMLSelectElement;
    expect(Array.from(industry.options).map((o) => o.text)).toEqual([
      'Select an industry',
      'Technology',
      'Finance',
    ]);
    expect(industry.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Company Name/ }), { target: { value: 'Acme' } });
    fireEvent.change(industry, { target: { value: 'Finance' } });
    const active = screen.getByRole('checkbox', { name: 'Active' }) as HTMLInputElement;
    expect(active.checked).toBe(true);
    fireEvent.click(active);
    await waitFor(() => expect(active.checked).toBe(false));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Acme', industry: 'Finance', isActive: false });
  });

  it('shows the error on a required select and marks it invalid', () => {
    renderWithProviders(
      <SelectField
        label="Role"
        required
        error="Role is required"
        options={[{ value: 'USER', label: 'User' }]}
      />,
    );
    const select = screen.getByRole('combobox', { name: /Role/ });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Role is required')).toBeTruthy();
  });
});
