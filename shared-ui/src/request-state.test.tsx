import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequestState } from './request-state';
import { renderWithProviders } from './test-utils';

const list = (names: string[]) => <p>{names.join(', ')}</p>;

describe('RequestState', () => {
  it('shows the spinner with its text until the first answer', () => {
    renderWithProviders(
      <RequestState request={{ mutate: vi.fn() }} loadingText="Loading sessions...">
        {list}
      </RequestState>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading sessions...');
  });

  it('shows what the request answered', () => {
    renderWithProviders(
      <RequestState request={{ data: ['Ada', 'Bo'], mutate: vi.fn() }}>{list}</RequestState>,
    );
    expect(screen.getByText('Ada, Bo')).toBeTruthy();
  });

  it('shows the error, not data kept from an earlier answer, and Retry reads it again', () => {
    const mutate = vi.fn();
    renderWithProviders(
      <RequestState request={{ data: ['Ada'], error: new Error('Server unavailable'), mutate }}>
        {list}
      </RequestState>,
    );
    expect(screen.getByText('Server unavailable')).toBeTruthy();
    expect(screen.queryByText('Ada')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(mutate).toHaveBeenCalledTimes(1);
  });
});
