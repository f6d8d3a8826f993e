// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SessionList } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionsCard } from './sessions-card';

const calls = vi.hoisted(() => ({
  list: undefined as SessionList | undefined,
  ended: [] as string[],
  endedOthers: 0,
}));

vi.mock('../api/get-sessions', () => ({
  useSessions: () => ({ data: calls.list, error: undefined, mutate: vi.fn() }),
}));
vi.mock('../api/end-sessions', () => ({
  endSession: async (id: string) => {
    calls.ended.push(id);
  },
  endOtherSessions: async () => {
    calls.endedOthers += 1;
    return { ended: 2 };
  },
}));

const NOW = new Date();
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const LIST: SessionList = {
  total: 3,
  sessions: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      device: 'Chrome on Linux',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
      ip: '10.0.0.1',
      signedInAt: minutesAgo(120),
      lastUsedAt: minutesAgo(3),
      current: true,
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      device: 'Safari on iOS',
      userAgent: null,
      ip: '192.0.2.66',
      signedInAt: minutesAgo(300),
      lastUsedAt: minutesAgo(10),
      current: false,
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      device: 'Firefox on Windows',
      userAgent: null,
      ip: null,
      signedInAt: minutesAgo(600),
      lastUsedAt: minutesAgo(25),
      current: false,
    },
  ],
};

beforeAll(() => {
  // jsdom lacks what Chakra's color mode and layout code ask for.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});
beforeEach(() => {
  calls.list = LIST;
  calls.ended = [];
  calls.endedOthers = 0;
});
afterEach(() => cleanup());

const renderCard = () =>
  render(
    <UiProvider>
      <SessionsCard />
    </UiProvider>,
  );

describe('SessionsCard', () => {
  it('lists each session with its device, address and sign-in, and marks this one', () => {
    renderCard();
    const list = screen.getByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(items[0]!).getByText('This session')).toBeTruthy();
    expect(within(items[0]!).getByText('In use now')).toBeTruthy();
    // This one has no Sign out of its own (signing out is the sidebar's).
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByText(/IP 192\.0\.2\.66 · signed in/)).toBeTruthy();
    expect(within(items[1]!).getByText(/Last used 10 minutes ago/)).toBeTruthy();
    expect(within(items[1]!).queryByText('This session')).toBeNull();
    expect(within(items[2]!).getByText(/IP unknown/)).toBeTruthy();
  });

  it('signs one other session out by its id', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: /Sign out Safari on iOS/ }));
    await waitFor(() => expect(calls.ended).toEqual(['22222222-2222-4222-8222-222222222222']));
  });

  it('"Sign out other sessions" asks the server once', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(calls.endedOthers).toBe(1));
  });

  it('offers "Sign out other sessions" only when there is another session', () => {
    calls.list = { total: 1, sessions: [LIST.sessions[0]!] };
    renderCard();
    expect(
      (screen.getByRole('button', { name: 'Sign out other sessions' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says when it shows only the most recent sessions', () => {
    calls.list = { ...LIST, total: 140 };
    renderCard();
    expect(screen.getByText('The 3 most recently used of 140 sessions.')).toBeTruthy();
  });
});
