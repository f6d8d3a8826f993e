import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyRetry, OptionalContent } from './lazy-retry';

const Loaded = () => <p>the chart</p>;
const chunkError = () => new Error('Loading chunk 7609 failed.');

describe('lazyRetry', () => {
  it('loads the chunk on a later attempt when the first ones fail (a server restarting)', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(chunkError())
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ default: Loaded });
    const Chart = lazyRetry(load, [1, 1, 1]);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Chart />
      </Suspense>,
    );
    expect(await screen.findByText('the chart')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives up after its attempts; OptionalContent then shows its fallback and the page stays', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Loaded }>>().mockRejectedValue(chunkError());
    const Chart = lazyRetry(load, [1, 1]);
    // React reports the caught error on the console; it is the expected outcome here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <main>
          <h1>Approvals</h1>
          <OptionalContent fallback={<p>no trend</p>}>
            <Suspense fallback={<p>loading</p>}>
              <Chart />
            </Suspense>
          </OptionalContent>
        </main>,
      );
      expect(await screen.findByText('no trend')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Approvals' })).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      quiet.mockRestore();
    }
  });
});
