// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FACTOR_RESET_TEXT, type FactorResetState, type User } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FactorResetCard } from './factor-reset-card';

const ME = 7;
const ASKER = 9;
const calls = vi.hoisted(() => ({
  state: undefined as FactorResetState | undefined,
  asked: [] as number[],
  confirmed: [] as Array<[number, number]>,
  cancelled: [] as Array<[number, number]>,
  refusal: null as Error | null,
}));

vi.mock('shared-auth', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  useSession: () => ({
    user: { id: 7, role: 'ADMIN', email: 'me@example.com' },
    isAuthenticated: true,
    isLoading: false,
  }),
}));
vi.mock('../api/factor-reset', () => ({
  useFactorReset: () => ({ data: calls.state, error: undefined, mutate: vi.fn() }),
  requestFactorReset: async (id: number) => {
    calls.asked.push(id);
  },
  confirmFactorReset: async (id: number, requestId: number) => {
    if (calls.refusal) throw calls.refusal;
    calls.confirmed.push([id, requestId]);
    return { factorsRemoved: 2, recoveryCodesRemoved: 8, sessionsEnded: 1 };
  },
  cancelFactorReset: async (id: number, requestId: number) => {
    calls.cancelled.push([id, requestId]);
  },
}));

const TARGET = { id: 42, firstName: 'Tess', lastName: 'Target', email: 'tess@example.com' } as User;
const WITH_FACTORS: FactorResetState = {
  userId: 42,
  factors: 2,
  byKind: { totp: 1, passkey: 1 },
  recoveryCodesLeft: 8,
  pending: null,
};
const pendingBy = (id: number, name: string): FactorResetState => ({
  ...WITH_FACTORS,
  pending: { id: 5, requestedBy: { id, name }, requestedAt: '2026-11-29T12:00:00.000Z' },
});

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
  calls.state = WITH_FACTORS;
  calls.asked = [];
  calls.confirmed = [];
  calls.cancelled = [];
  calls.refusal = null;
});
afterEach(() => cleanup());

const renderCard = () =>
  render(
    <UiProvider>
      <FactorResetCard user={TARGET} />
    </UiProvider>,
  );

const dialogButton = async (name: string) =>
  within(await screen.findByRole('alertdialog')).getByRole('button', { name });

describe('FactorResetCard', () => {
  it('says how many factors of each kind the person has, and asks for a reset only after the dialog', async () => {
    renderCard();
    expect(screen.getByText('2 second factors')).toBeTruthy();
    expect(screen.getByText('1 authenticator app, 1 passkey, 8 recovery codes left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: FACTOR_RESET_TEXT.reset }));
    expect(calls.asked).toEqual([]);
    fireEvent.click(await dialogButton(FACTOR_RESET_TEXT.ask));
    await waitFor(() => expect(calls.asked).toEqual([42]));
  });

  it('offers no reset when the person has nothing to reset', () => {
    calls.state = { ...WITH_FACTORS, factors: 0, byKind: { totp: 0, passkey: 0 }, recoveryCodesLeft: 0 };
    renderCard();
    expect(screen.getByText(FACTOR_RESET_TEXT.none)).toBeTruthy();
    expect(screen.queryByRole('button', { name: FACTOR_RESET_TEXT.reset })).toBeNull();
  });

  it('tells the ADMIN who asked that a second ADMIN must confirm, and offers them no Confirm', () => {
    calls.state = pendingBy(ME, 'Me Myself');
    renderCard();
    const waiting = screen.getByRole('group', { name: 'Reset waiting for confirmation' });
    expect(within(waiting).getByText(/^Me Myself asked for a reset on Nov 29, 2026/)).toBeTruthy();
    expect(within(waiting).getByText(FACTOR_RESET_TEXT.waitingForSecond)).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: FACTOR_RESET_TEXT.confirm })).toBeNull();
    expect(within(waiting).getByRole('button', { name: FACTOR_RESET_TEXT.cancel })).toBeTruthy();
    expect(screen.queryByRole('button', { name: FACTOR_RESET_TEXT.reset })).toBeNull();
  });

  it('lets another ADMIN confirm the request they see, by its id', async () => {
    calls.state = pendingBy(ASKER, 'Ava Asker');
    renderCard();
    expect(screen.queryByText(FACTOR_RESET_TEXT.waitingForSecond)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: FACTOR_RESET_TEXT.confirm }));
    fireEvent.click(await dialogButton(FACTOR_RESET_TEXT.confirm));
    await waitFor(() => expect(calls.confirmed).toEqual([[42, 5]]));
  });

  it('cancels the request it shows', async () => {
    calls.state = pendingBy(ASKER, 'Ava Asker');
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: FACTOR_RESET_TEXT.cancel }));
    fireEvent.click(await dialogButton(FACTOR_RESET_TEXT.cancel));
    await waitFor(() => expect(calls.cancelled).toEqual([[42, 5]]));
  });

  it('keeps the server’s refusal in the card', async () => {
    calls.state = pendingBy(ASKER, 'Ava Asker');
    calls.refusal = new Error('A second ADMIN must confirm this reset: not the one who asked for it.');
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: FACTOR_RESET_TEXT.confirm }));
    fireEvent.click(await dialogButton(FACTOR_RESET_TEXT.confirm));
    // The dialog stays open to try again; once closed, the card still says why it failed.
    const message = calls.refusal.message;
    await waitFor(() =>
      expect(screen.getAllByRole('alert', { hidden: true }).map((e) => e.textContent)).toContain(message),
    );
    fireEvent.click(await dialogButton('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const inCard = screen.getAllByRole('alert').filter((e) => e.textContent === message);
    expect(inCard).toHaveLength(1);
  });
});
