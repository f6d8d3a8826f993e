import { describe, expect, it } from 'vitest';
import { trendDays, trendSummary } from './approval-trend';

const charts = {
  decidedPerDay: [
    { day: '2026-11-01', approved: 2, rejected: 0 },
    { day: '2026-11-02', approved: 1, rejected: 3 },
  ],
  createdPerDay: [
    { day: '2026-11-01', created: 5 },
    { day: '2026-11-02', created: 0 },
  ],
  paidPerWeek: [],
  signInsPerDay: [],
};

describe('approval trends', () => {
  it('takes Total from the approvals created and the others from the decisions of that outcome', () => {
    expect(trendDays(charts, 'total').map((day) => day.value)).toEqual([5, 0]);
    expect(trendDays(charts, 'approved').map((day) => day.value)).toEqual([2, 1]);
    expect(trendDays(charts, 'rejected')).toEqual([
      { day: '2026-11-01', value: 0 },
      { day: '2026-11-02', value: 3 },
    ]);
  });

  it('says the total and today in one sentence', () => {
    expect(trendSummary(trendDays(charts, 'approved'), 'approved')).toBe(
      '3 approved in the last 2 days, 1 today.',
    );
    expect(trendSummary(trendDays(charts, 'total'), 'total')).toBe('5 created in the last 2 days, 0 today.');
  });
});
