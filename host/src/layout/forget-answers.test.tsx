// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { tokenStorage } from 'shared-auth';
import useSWR, { useSWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { useForgetAnswersWhenSessionEnds } from './forget-answers';

afterEach(() => {
  cleanup();
  tokenStorage.clear();
});

/** The layout's part under test, and a page that reads one key. */
function Layout() {
  useForgetAnswersWhenSessionEnds();
  return null;
}
function Page({ name, read }: { name: string; read: () => Promise<string> }) {
  const { data } = useSWR(['forget-answers', name], read);
  return <p data-testid="page">{data ?? 'Loading'}</p>;
}
/** SWR's cache, read from inside the tree. */
let keysHeld: () => string[] = () => [];
function CacheProbe() {
  const { cache } = useSWRConfig();
  keysHeld = () => [...cache.keys()].filter((key) => cache.get(key)?.data !== undefined);
  return null;
}

function deferred() {
  let resolve: (value: string) => void = () => {};
  const promise = new Promise<string>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function signIn() {
  tokenStorage.setTokens({ accessToken: 'access', refreshToken: 'refresh' });
}

describe('useForgetAnswersWhenSessionEnds', () => {
  it('a layout mounted again during the session leaves a read on its way to land', async () => {
    signIn();
    const answer = deferred();
    const { rerender } = render(
      <>
        <Layout key="first" />
        <Page name="security" read={() => answer.promise} />
      </>,
    );
    // The layout leaves and comes back while the read is on its way; the person is still signed in.
    rerender(
      <>
        <Layout key="second" />
        <Page name="security" read={() => answer.promise} />
      </>,
    );
    await act(async () => answer.resolve('Your second factors'));
    expect(screen.getByTestId('page').textContent).toBe('Your second factors');
  });

  it('a read that ended just before the session did is not taken for the next session’s', async () => {
    signIn();
    const first = render(
      <>
        <Layout />
        <Page name="overview" read={async () => 'Ada’s factors'} />
      </>,
    );
    expect(await screen.findByText('Ada’s factors')).toBeTruthy();
    // Signed out and in again at once (well within SWR's two seconds of deduplication).
    tokenStorage.clear();
    first.unmount();
    await act(async () => {});
    signIn();
    render(
      <>
        <Layout />
        <Page name="overview" read={async () => 'Bea’s factors'} />
      </>,
    );
    expect(await screen.findByText('Bea’s factors')).toBeTruthy();
  });

  it('when the session has ended, every answer goes with the layout', async () => {
    signIn();
    const { unmount } = render(
      <>
        <Layout />
        <CacheProbe />
        <Page name="figures" read={async () => 'Ada’s figures'} />
      </>,
    );
    expect(await screen.findByText('Ada’s figures')).toBeTruthy();
    expect(keysHeld().length).toBeGreaterThan(0);
    tokenStorage.clear();
    unmount();
    await act(async () => {});
    render(<CacheProbe />);
    expect(keysHeld()).toEqual([]);
  });
});
