// @vitest-environment jsdom
// The palette's combobox and listbox must name the selected option as active (aria-activedescendant)
// at every step: cmdk 1.1.1 alone leaves it out at first and stale after filtering (dip/cmdk#413), which
// patches/cmdk@1.1.1.patch mends; this test fails without the patch.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type * as sharedAuth from 'shared-auth';
import { UiProvider } from 'shared-ui';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CommandPalette } from './command-palette';

vi.mock('shared-auth', async (importOriginal) => {
  const actual = await importOriginal<typeof sharedAuth>();
  return {
    ...actual,
    useAuth: () => ({ user: { id: 1, email: 'admin@example.com', role: 'ADMIN' } }),
    api: {
      ...actual.api,
      getPaged: async () => ({ data: [], pagination: { page: 1, limit: 5, total: 0, totalPages: 0 } }),
    },
  };
});

beforeAll(() => {
  // jsdom lacks these; cmdk and Chakra's dialog call them.
  Element.prototype.scrollIntoView = () => undefined;
  globalThis.CSS ??= {} as typeof CSS;
  CSS.escape ??= (value: string) => value.replace(/["\\]/g, '\\$&');
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
});

/** What the combobox and the listbox say is active, and which option is selected. */
function active() {
  const selected = document.querySelector('[role="option"][aria-selected="true"]');
  return {
    selected: selected?.textContent ?? null,
    input: screen.getByRole('combobox').getAttribute('aria-activedescendant'),
    list: screen.getByRole('listbox').getAttribute('aria-activedescendant'),
    selectedId: selected?.id ?? null,
  };
}

describe('CommandPalette', () => {
  it('points aria-activedescendant at the selected option after filtering and clearing', async () => {
    render(
      <UiProvider>
        <MemoryRouter>
          <CommandPalette open onClose={() => undefined} />
        </MemoryRouter>
      </UiProvider>,
    );
    const input = await screen.findByRole('combobox');
    const type = async (text: string) => {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    };
    const key = async (name: string) => {
      fireEvent.keyDown(input, { key: name });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    };
    const check = (step: string) => {
      const state = active();
      expect(state.selectedId, step).not.toBeNull();
      expect(state.input, `${step}: the input names the selected option (${state.selected})`).toBe(
        state.selectedId,
      );
      expect(state.list, `${step}: the listbox names the selected option`).toBe(state.selectedId);
    };
    check('opened');
    await key('ArrowDown');
    await key('ArrowDown');
    check('moved down twice');
    await type('us');
    check('filtered');
    await type('');
    check('cleared');
    await type('man');
    check('filtered again');
  });
});
