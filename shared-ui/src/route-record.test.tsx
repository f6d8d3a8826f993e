import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from 'shared-auth';
import { parseApprovalRouteId } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { RecordFailurePage, RouteRecord, recordState, type RecordRequest } from './route-record';
import { renderWithProviders } from './test-utils';

interface Company {
  id: number;
  name: string;
}

const request = (over: Partial<RecordRequest<Company>> = {}): RecordRequest<Company> => ({
  isLoading: false,
  mutate: vi.fn(),
  ...over,
});

/** A data hook answering `answer` and recording the ids it was asked for. */
function fakeHook(answer: RecordRequest<Company>) {
  const ids: Array<number | null> = [];
  const useRecord = (id: number | null) => {
    ids.push(id);
    return answer;
  };
  return { useRecord, ids };
}

/** The page under test at `url`, with a failure view that shows what it was given. */
function renderRecord(url: string, answer: RecordRequest<Company>, { form = false } = {}) {
  const hook = fakeHook(answer);
  renderWithProviders(
    <RouteRecord
      useRecord={hook.useRecord}
      loadingText="Loading company..."
      renderFailure={(failure) => (
        <RecordFailurePage
          header={{ title: 'Company Not Found', breadcrumbs: [{ label: 'Not found' }] }}
          title={failure.notFound ? 'Not found' : 'Error'}
          message={failure.message ?? 'No such company'}
          onRetry={failure.retry}
          notFound={failure.notFound}
          back={{ label: 'Back to companies', to: '/companies' }}
        />
      )}
      {...(form ? { renderNew: () => <p>New company form</p> } : {})}
    >
      {(company) => <h1>{company.name}</h1>}
    </RouteRecord>,
    { path: form ? '/companies/new' : '/companies/:id', initialEntries: [url] },
  );
  return hook;
}

describe('RouteRecord', () => {
  it('renders the page with the loaded record', () => {
    const hook = renderRecord('/companies/7', request({ data: { id: 7, name: 'Acme' } }));
    expect(screen.getByRole('heading', { name: 'Acme' })).toBeTruthy();
    expect(hook.ids).toContain(7);
  });

  it('shows the loading text while the record loads', () => {
    renderRecord('/companies/7', request({ isLoading: true }));
    expect(screen.getByRole('status').textContent).toContain('Loading company...');
  });

  it("an id that is not one ('undefined') is not found, requests nothing and offers no Retry", () => {
    const hook = renderRecord('/companies/undefined', request());
    expect(screen.getByRole('alert').textContent).toContain('No such company');
    expect(screen.getByText('Not found', { selector: '[role=alert] *' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(hook.ids.every((id) => id === null)).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to companies' }).getAttribute('href')).toBe('/companies');
  });

  it('a record the server does not have names the path asked for, links back and offers no Retry', () => {
    const missing = new ApiError('Company not found', { status: 404, code: 'NOT_FOUND' });
    renderRecord('/companies/9999', request({ error: missing }));
    expect(screen.getByRole('alert').textContent).toContain('Company not found');
    expect(screen.getByTestId('not-found-path').textContent).toBe('There is no page at /companies/9999.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to companies' }).getAttribute('href')).toBe('/companies');
  });

  it('a failed read shows its message with Retry, and Retry reads again', () => {
    const mutate = vi.fn();
    renderRecord(
      '/companies/7',
      request({ error: new ApiError('Server unavailable', { status: 503, code: 'HTTP_503' }), mutate }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Server unavailable');
    expect(screen.getByText('Error', { selector: '[role=alert] *' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(mutate).toHaveBeenCalledTimes(1);
  });

  it('a form page without an id renders its "new" page and loads nothing', () => {
    const hook = renderRecord('/companies/new', request(), { form: true });
    expect(screen.getByText('New company form')).toBeTruthy();
    expect(hook.ids.every((id) => id === null)).toBe(true);
  });
});

describe('recordState', () => {
  it('reads a 404 and an empty answer as not found (no Retry), other errors as failures with Retry', () => {
    const notFound = new ApiError('Company not found', { status: 404, code: 'NOT_FOUND' });
    const gone = recordState('7', 7, request({ error: notFound }), false);
    expect(gone).toMatchObject({
      kind: 'failed',
      failure: { invalidId: false, notFound: true, message: 'Company not found' },
    });
    expect(gone.kind === 'failed' && gone.failure.retry).toBeUndefined();
    expect(recordState('7', 7, request(), false)).toMatchObject({
      kind: 'failed',
      failure: { notFound: true },
    });
    const failed = recordState('7', 7, request({ error: new Error('boom') }), false);
    expect(failed).toMatchObject({ kind: 'failed', failure: { notFound: false, message: 'boom' } });
    expect(failed.kind === 'failed' && typeof failed.failure.retry).toBe('function');
  });

  it('keeps the record on screen when a re-read fails', () => {
    const state = recordState(
      '7',
      7,
      request({ data: { id: 7, name: 'Acme' }, error: new Error('boom') }),
      false,
    );
    expect(state).toEqual({ kind: 'ready', record: { id: 7, name: 'Acme' } });
  });

  it('takes the parser it is given (an approval UUID)', () => {
    expect(recordState('x', parseApprovalRouteId('x'), request(), false)).toMatchObject({
      kind: 'failed',
      failure: { invalidId: true, notFound: true },
    });
  });
});
