import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FullScreenProvider, useFullScreenState } from './full-screen-view';
import { AccessDenied } from './states';
import { UiProvider } from './ui-provider';

let setDenied: (denied: boolean) => void = () => undefined;

function Page() {
  const [denied, set] = useState(true);
  setDenied = set;
  return denied ? <AccessDenied /> : <p>Company form</p>;
}

function Layout() {
  const { fullScreen, control } = useFullScreenState();
  return (
    <div>
      {!fullScreen && <aside aria-label="Sidebar">Dashboard Companies</aside>}
      <main>
        <FullScreenProvider value={control}>
          <Page />
        </FullScreenProvider>
      </main>
    </div>
  );
}

describe('full-screen views', () => {
  it('AccessDenied hides the layout around it while shown, and the layout comes back after it', () => {
    render(
      <UiProvider>
        <MemoryRouter>
          <Layout />
        </MemoryRouter>
      </UiProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();

    act(() => setDenied(false));
    expect(screen.getByText('Company form')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
  });

  it('AccessDenied outside a layout still renders on its own', () => {
    render(
      <UiProvider>
        <MemoryRouter>
          <AccessDenied />
        </MemoryRouter>
      </UiProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
  });
});
