import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineSelectEditor } from './inline-select-editor';
import { renderWithProviders } from './test-utils';

const OPTIONS = [
  { value: '7', label: 'Mary Manager' },
  { value: '9', label: 'Max Manager' },
];

const select = () => screen.getByLabelText('Manager') as HTMLSelectElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

function renderEditor(onSave: (value: string | null) => Promise<void>, canEdit = true) {
  return renderWithProviders(
    <InlineSelectEditor
      label="Manager"
      valueLabel="Mary Manager"
      value="7"
      options={OPTIONS}
      onSave={onSave}
      canEdit={canEdit}
    />,
  );
}

describe('InlineSelectEditor', () => {
  it('shows the label, the value and a Change button in view mode', () => {
    renderEditor(vi.fn());
    expect(screen.getByText('Manager')).toBeTruthy();
    expect(screen.getByText('Mary Manager')).toBeTruthy();
    expect(button('Change Manager').textContent).toBe('Change');
  });

  it('hides Change without edit rights', () => {
    renderEditor(vi.fn(), false);
    expect(screen.queryByRole('button', { name: 'Change Manager' })).toBeNull();
  });

  it('opens a labelled select with the none choice first, focused', async () => {
    renderEditor(vi.fn());
    fireEvent.click(button('Change Manager'));
    const field = select();
    expect(field.value).toBe('7');
    expect(Array.from(field.options).map((o) => [o.value, o.text])).toEqual([
      ['', 'No assignment'],
      ['7', 'Mary Manager'],
      ['9', 'Max Manager'],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('saves null for the none choice and returns to view mode', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderEditor(onSave);
    fireEvent.click(button('Change Manager'));
    fireEvent.change(select(), { target: { value: '' } });
    fireEvent.click(button('Save Manager'));
    expect(onSave).toHaveBeenCalledWith(null);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change Manager' })).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(button('Change Manager')));
  });

  it('saves the chosen id', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderEditor(onSave);
    fireEvent.click(button('Change Manager'));
    fireEvent.change(select(), { target: { value: '9' } });
    fireEvent.click(button('Save Manager'));
    expect(onSave).toHaveBeenCalledWith('9');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Manager' })).toBeNull());
  });

  it('disables the controls while saving and stays in edit mode when the save fails', async () => {
    let reject: (error: Error) => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((_, fail) => (reject = fail)));
    renderEditor(onSave);
    fireEvent.click(button('Change Manager'));
    fireEvent.change(select(), { target: { value: '9' } });
    fireEvent.click(button('Save Manager'));
    const saving = await screen.findByRole('button', { name: /Saving\.\.\./ });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect(saving.getAttribute('data-loading')).not.toBeNull();
    expect(button('Cancel Manager').disabled).toBe(true);
    expect(select().disabled).toBe(true);

    await act(async () => reject(new Error('Failed to update assignment')));
    expect(button('Save Manager').disabled).toBe(false);
    expect(button('Cancel Manager').disabled).toBe(false);
    expect(select().value).toBe('9');
  });

  it('Cancel restores the value and leaves edit mode without saving', () => {
    const onSave = vi.fn();
    renderEditor(onSave);
    fireEvent.click(button('Change Manager'));
    fireEvent.change(select(), { target: { value: '' } });
    fireEvent.click(button('Cancel Manager'));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Mary Manager')).toBeTruthy();
    fireEvent.click(button('Change Manager'));
    expect(select().value).toBe('7');
  });

  it('Escape in the select cancels', () => {
    renderEditor(vi.fn());
    fireEvent.click(button('Change Manager'));
    fireEvent.keyDown(select(), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Change Manager' })).toBeTruthy();
  });
});
