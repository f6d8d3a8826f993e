import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FullPagination, SimplePagination, pageRange, pageWindow, totalPagesOf } from './pagination';
import { renderWithProviders } from './test-utils';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('pageRange', () => {
  it('gives X = (page-1)*size+1 and Y = min(page*size, total)', () => {
    expect(pageRange(1, 10, 25)).toEqual({ from: 1, to: 10, totalPages: 3 });
    expect(pageRange(2, 10, 25)).toEqual({ from: 11, to: 20, totalPages: 3 });
    expect(pageRange(3, 10, 25)).toEqual({ from: 21, to: 25, totalPages: 3 });
    expect(pageRange(1, 10, 10)).toEqual({ from: 1, to: 10, totalPages: 1 });
    expect(pageRange(2, 10, 11)).toEqual({ from: 11, to: 11, totalPages: 2 });
  });

  it('reads 0 to 0 with one page for an empty list', () => {
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0, totalPages: 1 });
  });

  it('reads 0 to 0 for a page past the end and treats a bad page as 1', () => {
    expect(pageRange(4, 10, 25)).toEqual({ from: 0, to: 0, totalPages: 3 });
    expect(pageRange(0, 10, 25)).toEqual({ from: 1, to: 10, totalPages: 3 });
    expect(pageRange(Number.NaN, 10, 25)).toEqual({ from: 1, to: 10, totalPages: 3 });
  });

  it('counts pages as at least 1', () => {
    expect(totalPagesOf(10, 0)).toBe(1);
    expect(totalPagesOf(10, 101)).toBe(11);
    expect(totalPagesOf(0, 50)).toBe(1);
  });
});

describe('pageWindow', () => {
  it('centres up to 5 pages on the current one', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(6, 10, 4)).toEqual([4, 5, 6, 7]);
  });

  it('stays inside the first and last pages', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows every page when there are fewer than the maximum', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('clamps a current page outside 1..total', () => {
    expect(pageWindow(50, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(-3, 10)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('SimplePagination', () => {
  it('shows the range and page texts and disables Previous on the first page', () => {
    const onPageChange = vi.fn();
    renderWithProviders(
      <SimplePagination
        page={1}
        pageSize={10}
        total={25}
        itemLabel="companies"
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('Showing 1 to 10 of 25 companies')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    fireEvent.click(button('Next'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('disables Next on the last page', () => {
    const onPageChange = vi.fn();
    renderWithProviders(
      <SimplePagination page={3} pageSize={10} total={25} itemLabel="managers" onPageChange={onPageChange} />,
    );
    expect(screen.getByText('Showing 21 to 25 of 25 managers')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(button('Previous'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('reads 0 to 0 of 0 and Page 1 of 1 for an empty list, both buttons disabled', () => {
    renderWithProviders(
      <SimplePagination page={1} pageSize={10} total={0} itemLabel="users" onPageChange={vi.fn()} />,
    );
    expect(screen.getByText('Showing 0 to 0 of 0 users')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
  });
});

describe('FullPagination', () => {
  const renderFull = (props: Partial<Parameters<typeof FullPagination>[0]> = {}) => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    renderWithProviders(
      <FullPagination
        page={5}
        pageSize={10}
        total={95}
        itemLabel="approvals"
        pageSizeOptions={[5, 10, 25, 50, 100]}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        {...props}
      />,
    );
    return { onPageChange, onPageSizeChange };
  };

  it('shows a window of 5 page buttons with the current one marked', () => {
    const { onPageChange } = renderFull();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const numbers = within(nav)
      .getAllByRole('button')
      .filter((b) => /^Page \d+$/.test(b.getAttribute('aria-label') ?? ''))
      .map((b) => b.textContent);
    expect(numbers).toEqual(['3', '4', '5', '6', '7']);
    expect(button('Page 5').getAttribute('aria-current')).toBe('page');
    expect(button('Page 4').getAttribute('aria-current')).toBeNull();
    fireEvent.click(button('Page 7'));
    expect(onPageChange).toHaveBeenLastCalledWith(7);
    fireEvent.click(button('First'));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(button('Last'));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
    fireEvent.click(button('Previous'));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    fireEvent.click(button('Next'));
    expect(onPageChange).toHaveBeenLastCalledWith(6);
  });

  it('shows the range and the totals line', () => {
    renderFull();
    expect(screen.getByText('Showing 41 to 50 of 95 approvals')).toBeTruthy();
    expect(screen.getByText('Page 5 of 10 • Total: 95 approvals')).toBeTruthy();
  });

  it('says "more than" when the server capped its count', () => {
    renderFull({ page: 1, total: 1000, totalCapped: true });
    expect(screen.getByText('Showing 1 to 10 of more than 1000 approvals')).toBeTruthy();
    expect(screen.getByText('Page 1 of 100+ • Total: more than 1000 approvals')).toBeTruthy();
    // The last page is not known: Last is off, Next stays on.
    expect(button('Last').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
  });

  it('keeps Next on at the end of a capped count and moves past it', () => {
    const onPageChange = vi.fn();
    renderFull({ page: 100, total: 1000, totalCapped: true, onPageChange });
    expect(screen.getByText('Page 100 of 100+ • Total: more than 1000 approvals')).toBeTruthy();
    expect(button('Next').disabled).toBe(false);
    expect(button('Last').disabled).toBe(true);
    fireEvent.click(button('Next'));
    expect(onPageChange).toHaveBeenCalledWith(101);
  });

  it('adds the filtered count only when it differs from the rows on the page', () => {
    renderFull({ shownCount: 7 });
    expect(screen.getByText('Showing 41 to 50 of 95 approvals (7 after filtering/sorting)')).toBeTruthy();
  });

  it('leaves the filtered count out when it matches the page', () => {
    renderFull({ page: 10, shownCount: 5 });
    expect(screen.getByText('Showing 91 to 95 of 95 approvals')).toBeTruthy();
  });

  it('disables First/Previous on page 1 and Next/Last on the last page', () => {
    renderFull({ page: 1 });
    expect(button('First').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
  });

  it('disables Next and Last on the last page', () => {
    renderFull({ page: 10 });
    expect(button('Next').disabled).toBe(true);
    expect(button('Last').disabled).toBe(true);
  });

  it('has a labelled page size select', () => {
    const { onPageSizeChange } = renderFull();
    const select = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect(select.value).toBe('10');
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['5', '10', '25', '50', '100']);
    fireEvent.change(select, { target: { value: '25' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
  });

  it('reads sensibly for an empty list', () => {
    renderFull({ page: 1, total: 0 });
    expect(screen.getByText('Showing 0 to 0 of 0 approvals')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1 • Total: 0 approvals')).toBeTruthy();
    expect(button('Last').disabled).toBe(true);
  });
});
