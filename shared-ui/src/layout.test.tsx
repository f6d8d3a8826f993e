// BulkActionBar, DetailList/DetailRow and SectionCard: small layout pieces, one file of tests.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BulkActionBar } from './bulk-action-bar';
import { Button } from './chakra';
import { DetailList, DetailRow } from './detail-list';
import { SectionCard } from './section-card';
import { renderWithProviders } from './test-utils';

describe('BulkActionBar', () => {
  it('shows the count, the actions and Clear selection in a named region', () => {
    const onClear = vi.fn();
    renderWithProviders(
      <BulkActionBar count={3} itemLabel="manager(s)" onClear={onClear}>
        <Button>Bulk Actions</Button>
      </BulkActionBar>,
    );
    const region = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(region).getByText('3 manager(s) selected')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Bulk Actions' })).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('renders nothing without a selection', () => {
    renderWithProviders(<BulkActionBar count={0} itemLabel="companies" onClear={vi.fn()} />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });
});

describe('DetailList', () => {
  it('is a definition list with a dash for empty values', () => {
    renderWithProviders(
      <DetailList columns={2}>
        <DetailRow label="Industry">Finance</DetailRow>
        <DetailRow label="Website">{null}</DetailRow>
        <DetailRow label="Phone">{''}</DetailRow>
        <DetailRow label="Active">{0}</DetailRow>
      </DetailList>,
    );
    const list = document.querySelector('dl');
    expect(list).toBeTruthy();
    const terms = Array.from(list?.querySelectorAll('dt') ?? []).map((dt) => dt.textContent);
    const details = Array.from(list?.querySelectorAll('dd') ?? []).map((dd) => dd.textContent);
    expect(terms).toEqual(['Industry', 'Website', 'Phone', 'Active']);
    expect(details).toEqual(['Finance', '—', '—', '0']);
  });
});

describe('SectionCard', () => {
  it('is a section named by its h2, with actions', () => {
    renderWithProviders(
      <SectionCard title="Company Information" description="Basics" actions={<Button>Edit</Button>}>
        <p>content</p>
      </SectionCard>,
    );
    const section = screen.getByRole('region', { name: 'Company Information' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Company Information' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(section).getByText('content')).toBeTruthy();
  });
});
