// Render helper for component tests: the console's providers around a memory router.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UiProvider } from './ui-provider';

export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    initialEntries = [path],
  }: { path?: string; initialEntries?: Array<string | { pathname: string; state?: unknown }> } = {},
) {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={initialEntries}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
          <Route path="/companies/1" element={<p>Company page</p>} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}
