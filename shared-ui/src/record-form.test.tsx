import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordFormPage, RecordFormRoute, useRecordSubmit } from './record-form';
import type { RecordRequest } from './route-record';
import { renderWithProviders } from './test-utils';
import * as toaster from './toaster';

afterEach(() => vi.restoreAllMocks());

const section = { label: 'Companies', to: '/companies' };

describe('RecordFormPage', () => {
  it("creating: the section's crumb then 'New', the form named by its title, Cancel to the list", () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <RecordFormPage
        title="Create Company"
        section={section}
        record={null}
        onSubmit={onSubmit}
        formLabel="Create Company"
        actions={{ cancelTo: '/companies', submitLabel: 'Create Company', submitting: false }}
      >
        <input aria-label="Name" />
      </RecordFormPage>,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toContain('Companies');
    expect(crumbs.textContent).toContain('New');
    expect(screen.getByRole('heading', { name: 'Create Company' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/companies');
    fireEvent.submit(screen.getByRole('form', { name: 'Create Company' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("editing: the record's crumb before 'Edit', and no actions when the content places its own", () => {
    renderWithProviders(
      <RecordFormPage
        title="Edit Company"
        section={section}
        record={{ label: 'Acme', to: '/companies/1' }}
        onSubmit={(event) => event.preventDefault()}
      >
        <p>fields</p>
      </RecordFormPage>,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toMatch(/Companies.*Acme.*Edit/);
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe('/companies/1');
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
    // Unnamed: a page with one form needs no form landmark.
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the submit button busy while saving', () => {
    renderWithProviders(
      <RecordFormPage
        title="Edit Company"
        section={section}
        record={{ label: 'Acme', to: '/companies/1' }}
        onSubmit={(event) => event.preventDefault()}
        actions={{ cancelTo: '/companies/1', submitLabel: 'Update Company', submitting: true }}
      >
        <p>fields</p>
      </RecordFormPage>,
    );
    const submit = document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(true);
    expect(submit.hasAttribute('data-loading')).toBe(true);
  });
});

describe('RecordFormRoute', () => {
  const ready = { isLoading: false, mutate: vi.fn(), data: { id: 1, name: 'Acme' } } as RecordRequest<{
    id: number;
    name: string;
  }>;

  it('gives the form null on the new route and the loaded record on an id', () => {
    const form = (record: { name: string } | null) => <p>form for {record ? record.name : 'a new one'}</p>;
    renderWithProviders(
      <RecordFormRoute useRecord={() => ready} renderFailure={() => <p>failed</p>} form={form} />,
      { path: '/companies/new' },
    );
    expect(screen.getByText('form for a new one')).toBeTruthy();
  });

  it('loads the record of the route', () => {
    const useRecord = vi.fn(() => ready);
    renderWithProviders(
      <RecordFormRoute
        useRecord={useRecord}
        renderFailure={() => <p>failed</p>}
        form={(record) => <p>form for {record ? record.name : 'a new one'}</p>}
      />,
      { path: '/companies/:id/edit', initialEntries: ['/companies/1/edit'] },
    );
    expect(screen.getByText('form for Acme')).toBeTruthy();
    expect(useRecord).toHaveBeenCalledWith(1);
  });
});

describe('useRecordSubmit', () => {
  function SaveProbe({ save }: { save: () => Promise<{ id: number }> }) {
    const setError = vi.fn();
    const onSubmit = useRecordSubmit(
      { setError },
      { save, notice: 'Company created successfully', to: (saved) => `/companies/${saved.id}` },
    );
    return (
      <button type="button" onClick={() => void onSubmit({})}>
        Save
      </button>
    );
  }

  it("saves, says so and opens the saved record's page", async () => {
    const success = vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    renderWithProviders(<SaveProbe save={async () => ({ id: 1 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company page')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Company created successfully');
  });

  it('stays on the form and says the error when saving fails', async () => {
    const success = vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    const failure = vi.spyOn(toaster, 'notifyError').mockImplementation(() => '');
    renderWithProviders(<SaveProbe save={() => Promise.reject(new Error('Name is taken'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Name is taken'));
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
