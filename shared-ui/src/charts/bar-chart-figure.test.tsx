import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { BarChartFigure, formatChartDay, isEmptyChart } from './bar-chart-figure';
import { Sparkline } from './sparkline';

const SERIES = [
  { key: 'approved', label: 'Approved', color: 'green.solid' },
  { key: 'rejected', label: 'Rejected', color: 'red.solid' },
] as const;

function figure(data: { day: string; approved: number; rejected: number }[]) {
  return (
    <BarChartFigure
      data={data}
      xKey="day"
      xLabel="Day"
      formatX={formatChartDay}
      series={SERIES}
      caption="Approvals decided per day"
      summary="3 approved and 1 rejected in the last 2 days."
      emptyText="No approvals decided in the last 30 days."
      height="40"
      stacked
      data-testid="decided-chart"
    />
  );
}

describe('BarChartFigure', () => {
  it('gives the numbers as a table and a summary, with the plot hidden from assistive technology', () => {
    renderWithProviders(
      figure([
        { day: '2026-11-02', approved: 1, rejected: 0 },
        { day: '2026-11-03', approved: 2, rejected: 1 },
      ]),
    );
    const table = screen.getByRole('table', { name: 'Approvals decided per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Approved', 'Rejected']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Nov 210', 'Nov 321']);
    expect(screen.getByText('3 approved and 1 rejected in the last 2 days.').tagName).toBe('FIGCAPTION');
    expect(screen.getByTestId('decided-chart').querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows the empty text, and no table, when every value is zero', () => {
    renderWithProviders(figure([{ day: '2026-11-02', approved: 0, rejected: 0 }]));
    expect(screen.getByText('No approvals decided in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('decided-chart').dataset['empty']).toBe('true');
  });
});

describe('chart helpers', () => {
  it('names a UTC day whatever the local zone', () => {
    expect(formatChartDay('2026-11-01')).toBe('Nov 1');
  });
  it('is empty only when no series has a value', () => {
    expect(isEmptyChart([{ a: 0, b: 0 }], [{ key: 'a' }, { key: 'b' }])).toBe(true);
    expect(isEmptyChart([{ a: 0, b: 2 }], [{ key: 'a' }, { key: 'b' }])).toBe(false);
    expect(isEmptyChart([], [{ key: 'a' }])).toBe(true);
  });
});

describe('Sparkline', () => {
  it('draws a bar per day hidden from assistive technology, with the summary as its caption', () => {
    renderWithProviders(
      <Sparkline
        data={[
          { label: 'Nov 1', value: 0 },
          { label: 'Nov 2', value: 3 },
        ]}
        color="green.solid"
        summary="3 approved in the last 2 days, 3 today."
        emptyText="None in 30 days"
        height="8"
        data-testid="trend"
      />,
    );
    const svg = screen.getByTestId('trend').querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelectorAll('rect')).toHaveLength(2);
    expect(svg.querySelectorAll('rect')[0]!.getAttribute('fill')).toBe('var(--chakra-colors-green-solid)');
    // The summary is the figure's caption (no 30-row table beside a stat card).
    const caption = screen.getByText('3 approved in the last 2 days, 3 today.');
    expect(caption.tagName).toBe('FIGCAPTION');
    expect(caption.parentElement).toBe(screen.getByTestId('trend'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when every value is zero', () => {
    renderWithProviders(
      <Sparkline
        data={[{ label: 'Nov 1', value: 0 }]}
        color="red.solid"
        summary="0 rejected"
        emptyText="None in 30 days"
        height="8"
      />,
    );
    expect(screen.getByText('None in 30 days')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
