// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import type { Approval, VendorHistory } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { describe, expect, it, vi } from 'vitest';
import { VendorHistoryStrip } from './vendor-history-strip';

const answer = vi.hoisted(() => ({ asked: [] as Array<string | null>, data: undefined as unknown }));
vi.mock('../api/get-vendor-history', () => ({
  useVendorHistory: (id: string | null) => {
    answer.asked.push(id);
    return { data: answer.data, error: undefined, mutate: () => undefined };
  },
}));

// This year's dates read without the year ('Nov 3').
const year = new Date().getFullYear();

describe('the vendor history strip', () => {
  it("shows each vendor's last payments with dates, the typical amount, and a recent account change with who made it", () => {
    const history: VendorHistory = {
      vendors: [
        {
          vendorRef: 'V-1',
          vendorName: 'Ironclad Fabrication',
          payments: [
            { approvalId: 'a', amountCents: 120_000, paidOn: `${year}-11-03`, status: 'paid' },
            { approvalId: 'b', amountCents: 98_000, paidOn: `${year}-10-02`, status: 'returned' },
          ],
          typicalCents: 120_000,
          accountChange: { daysAgo: 3, changedBy: 'Morgan Moderator' },
        },
        {
          vendorRef: 'V-2',
          vendorName: 'Blue Harbor Supply',
          payments: [],
          typicalCents: null,
          accountChange: null,
        },
      ],
    };
    answer.data = history;
    render(
      <UiProvider>
        <VendorHistoryStrip approval={{ id: 'approval-1' } as Approval} />
      </UiProvider>,
    );
    expect(answer.asked).toContain('approval-1');
    const strip = screen.getByRole('region', { name: 'Vendor history' });
    const items = within(strip).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [changed, fresh] = items;
    expect(changed!.textContent).toBe(
      'Ironclad Fabrication' +
        'Last payments: $1,200.00 Nov 3 · $980.00 Oct 2 (returned) · typical $1,200.00' +
        'Bank account changed 3 days ago by Morgan Moderator',
    );
    expect(fresh!.textContent).toBe('Blue Harbor Supply' + 'First payment to this vendor');
  });
});
