import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { usePageCommandList, usePageCommands, type PageCommand } from './page-commands';

let offered: readonly PageCommand[] = [];

/** What the palette reads. */
function Palette() {
  offered = usePageCommandList();
  return null;
}

function Page({ label, onRun }: { label: string; onRun: (count: number) => void }) {
  const [count, setCount] = useState(0);
  usePageCommands([{ id: 'act', label, run: () => onRun(count) }]);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      more
    </button>
  );
}

const labels = () => offered.map((command) => command.label);

describe('page commands', () => {
  it('are offered while their page is mounted, and run with the page’s latest state', () => {
    const onRun = vi.fn();
    const { rerender, unmount } = render(
      <>
        <Palette />
        <Page label="Approve" onRun={onRun} />
      </>,
    );
    expect(labels()).toEqual(['Approve']);
    const first = offered;
    act(() => screen.getByRole('button', { name: 'more' }).click());
    act(() => screen.getByRole('button', { name: 'more' }).click());
    // Same ids and labels: nothing re-published, and the command runs the page's current closure.
    expect(offered).toBe(first);
    offered[0]?.run();
    expect(onRun).toHaveBeenCalledWith(2);

    rerender(
      <>
        <Palette />
        <Page label="Reject" onRun={onRun} />
      </>,
    );
    expect(labels()).toEqual(['Reject']);
    rerender(<Palette />);
    expect(labels()).toEqual([]);
    unmount();
  });
});
