import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterPanel, SearchInput, SelectFilter } from './filter-panel';
import { renderWithProviders } from './test-utils';

describe('FilterPanel', () => {
  it('is a named search landmark; Clear filters shows only with active filters', () => {
    const onReset = vi.fn();
    const first = renderWithProviders(
      <FilterPanel activeCount={0} onReset={onReset}>
        <p>fields</p>
      </FilterPanel>,
    );
    expect(screen.getByRole('search', { name: 'Filters' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Filters' })).toBeTruthy();
    expect(screen.getByText('fields')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    first.unmount();
    renderWithProviders(
      <FilterPanel activeCount={2} onReset={onReset} title="Approval filters">
        <p>fields</p>
      </FilterPanel>,
    );
    expect(screen.getByRole('search', { name: 'Approval filters' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});

describe('SearchInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function Harness({ onChange, initial = '' }: { onChange: (value: string) => void; initial?: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <SearchInput
          label="Search"
          placeholder="Search companies..."
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
        <button type="button" onClick={() => setValue('')}>
          Reset
        </button>
        <output>{value}</output>
      </>
    );
  }

  const box = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;

  it('reports the text once typing pauses', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    expect(box().placeholder).toBe('Search companies...');
    fireEvent.change(box(), { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box(), { target: { value: 'acme' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('acme');
  });

  it('keeps what the user typed after the echo of an earlier report', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.change(box(), { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('status').textContent).toBe('ac');
    fireEvent.change(box(), { target: { value: 'acm' } });
    expect(box().value).toBe('acm');
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith('acm');
  });

  it('clears on Escape at once', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} initial="acme" />);
    expect(box().value).toBe('acme');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().value).toBe('');
    expect(onChange).toHaveBeenCalledWith('');
    act(() => vi.advanceTimersByTime(500));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('follows a value changed from outside (Clear filters, back button)', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} initial="acme" />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box().value).toBe('');
    act(() => vi.advanceTimersByTime(500));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('SelectFilter', () => {
  it('is a labelled select reporting the chosen value', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <SelectFilter
        label="Status"
        value="all"
        onChange={onChange}
        options={[
          { value: 'all', label: 'All' },
          { value: 'PENDING', label: 'Pending' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(select.value).toBe('all');
    fireEvent.change(select, { target: { value: 'PENDING' } });
    expect(onChange).toHaveBeenCalledWith('PENDING');
  });
});
