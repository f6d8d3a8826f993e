import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PersonSelect, personChoices, staffLabel } from './person-select';
import { renderWithProviders } from './test-utils';

const ann = { id: 1, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', role: 'MODERATOR' };
const bob = { id: 2, firstName: 'Bob', lastName: null, email: 'bob@example.com', role: 'USER' };
const cy = { id: 3, firstName: null, lastName: null, email: 'cy@example.com', role: 'ADMIN' };
const gone = { id: 9, firstName: 'Gus', lastName: 'Gone', email: 'gus@example.com', role: 'USER' };

const texts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('personChoices', () => {
  it('sorts by name and labels each with the e-mail and the detail', () => {
    expect(personChoices([bob, cy, ann], { detail: (p) => p.role })).toEqual([
      { value: '1', label: 'Ann Lee (ann@example.com) · MODERATOR' },
      { value: '2', label: 'Bob (bob@example.com) · USER' },
      { value: '3', label: 'cy@example.com · ADMIN' },
    ]);
  });

  it("keeps the people's own order and label when asked", () => {
    const options = personChoices([cy, ann], {
      keepOrder: true,
      optionLabel: (p) => `${p.email} (${p.role})`,
    });
    expect(options.map((o) => o.label)).toEqual(['cy@example.com (ADMIN)', 'ann@example.com (MODERATOR)']);
  });

  it('keeps the current person as a choice when the people lack them, after or before the others', () => {
    expect(personChoices([ann], { current: gone, detail: (p) => p.role }).at(-1)).toEqual({
      value: '9',
      label: 'Gus Gone (gus@example.com)',
    });
    expect(personChoices([ann], { current: gone, currentFirst: true })[0]!.value).toBe('9');
    expect(personChoices([ann, gone], { current: gone })).toHaveLength(2);
  });
});

describe('PersonSelect', () => {
  it('is a labelled field with the choice for nobody first, its error said under it', () => {
    renderWithProviders(
      <PersonSelect label="Approver" none="None" people={[bob, ann]} error="Pick someone" defaultValue="" />,
    );
    const select = screen.getByLabelText('Approver');
    expect(texts(select)).toEqual(['None', 'Ann Lee (ann@example.com)', 'Bob (bob@example.com)']);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Pick someone')).toBeTruthy();
  });

  it('stands alone without a label and reports the chosen id', () => {
    const onChange = vi.fn((event: { target: { value: string } }) => event.target.value);
    renderWithProviders(
      <PersonSelect
        aria-label="Add a person"
        none="Add a person…"
        people={[ann, bob]}
        value=""
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Add a person' });
    fireEvent.change(select, { target: { value: '2' } });
    expect(onChange).toHaveReturnedWith('2');
  });

  it('can be disabled without a label too', () => {
    renderWithProviders(<PersonSelect aria-label="Delegate" people={[ann]} disabled />);
    expect((screen.getByRole('combobox', { name: 'Delegate' }) as HTMLSelectElement).disabled).toBe(true);
  });
});

describe('staffLabel', () => {
  it('names the person and their role', () => {
    expect(staffLabel(ann)).toBe('Ann Lee (MODERATOR)');
    expect(staffLabel(cy)).toBe('cy@example.com (ADMIN)');
  });
});
