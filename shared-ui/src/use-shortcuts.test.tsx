import { act, fireEvent, render, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GO_TO_SHORTCUTS, bindGoToShortcuts } from './shortcut-keys';
import { bindShortcuts, isTypingTarget, shouldIgnoreShortcut, useShortcuts } from './use-shortcuts';

/** A keydown as a browser sends it: on the focused element (else the body), bubbling to window. */
function press(
  key: string,
  init: KeyboardEventInit = {},
  target: Element = document.activeElement ?? document.body,
) {
  const code = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key === '?' ? 'Slash' : key;
  const event = new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

let unbind: (() => void) | undefined;
afterEach(() => {
  unbind?.();
  unbind = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('bindShortcuts', () => {
  it('runs a single-key shortcut and prevents its default', () => {
    const next = vi.fn();
    unbind = bindShortcuts(window, { j: next });
    const event = press('j');
    expect(next).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('leaves the default alone when the handler says it did not apply', () => {
    unbind = bindShortcuts(window, { Enter: () => false });
    expect(press('Enter').defaultPrevented).toBe(false);
  });

  it('never fires while typing in an input, a textarea, a select or editable content', () => {
    const approve = vi.fn();
    unbind = bindShortcuts(window, { a: approve, 'g d': approve });
    document.body.innerHTML = `
      <input aria-label="Search" />
      <input type="email" aria-label="Email" />
      <textarea aria-label="Reason"></textarea>
      <select aria-label="Status"><option>All</option></select>
      <div contenteditable="true"><span id="inside">text</span></div>`;
    for (const field of document.querySelectorAll('input, textarea, select, #inside')) {
      press('a', {}, field);
      press('g', {}, field);
      press('d', {}, field);
    }
    expect(approve).not.toHaveBeenCalled();
  });

  it('fires from a checkbox or a focused button (not fields one types into)', () => {
    const toggle = vi.fn();
    unbind = bindShortcuts(window, { x: toggle });
    document.body.innerHTML = '<input type="checkbox" aria-label="Select" /><button>Refresh</button>';
    press('x', {}, document.querySelector('input')!);
    press('x', {}, document.querySelector('button')!);
    expect(toggle).toHaveBeenCalledTimes(2);
  });

  it('leaves Enter on a focused button or link to the button, and takes it elsewhere', () => {
    const open = vi.fn();
    unbind = bindShortcuts(window, { Enter: open });
    document.body.innerHTML =
      '<button>Approve</button><a href="/x">Link</a><table><tr tabindex="0"><td>Row</td></tr></table>';
    press('Enter', {}, document.querySelector('button')!);
    press('Enter', {}, document.querySelector('a')!);
    expect(open).not.toHaveBeenCalled();
    press('Enter', {}, document.querySelector('tr')!);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('is silent while a dialog or a menu is open, and from inside one', () => {
    const approve = vi.fn();
    unbind = bindShortcuts(window, { a: approve });
    document.body.innerHTML =
      '<div role="alertdialog" aria-modal="true" data-state="open"><button>Cancel</button></div>';
    press('a');
    press('a', {}, document.querySelector('button')!);
    document.body.innerHTML = '<div role="menu" data-state="open"><div role="menuitem">View</div></div>';
    press('a');
    expect(approve).not.toHaveBeenCalled();
    // The same dialog closed (kept in the page) no longer holds the keyboard.
    document.body.innerHTML = '<div role="dialog" aria-modal="true" data-state="closed" hidden></div>';
    press('a');
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('tells a letter from the same letter with Shift, and ignores Ctrl, Alt and Meta presses', () => {
    const one = vi.fn();
    const all = vi.fn();
    unbind = bindShortcuts(window, { a: one, 'Shift+A': all });
    press('A', { shiftKey: true });
    expect(all).toHaveBeenCalledTimes(1);
    expect(one).not.toHaveBeenCalled();
    press('a', { ctrlKey: true });
    press('a', { metaKey: true });
    press('a', { altKey: true });
    expect(one).not.toHaveBeenCalled();
    press('a');
    expect(one).toHaveBeenCalledTimes(1);
  });

  it("opens the help with '?' as typed with Shift", () => {
    const help = vi.fn();
    unbind = bindShortcuts(window, { 'Shift+?': help, '?': help });
    press('?', { shiftKey: true });
    expect(help).toHaveBeenCalledTimes(1);
  });

  it('runs a sequence when its keys come within a second, and not after', () => {
    vi.useFakeTimers();
    const go = vi.fn();
    unbind = bindShortcuts(window, { 'g c': go });
    press('c');
    expect(go).not.toHaveBeenCalled();
    press('g');
    press('c');
    expect(go).toHaveBeenCalledTimes(1);
    press('g');
    vi.advanceTimersByTime(1500);
    press('c');
    expect(go).toHaveBeenCalledTimes(1);
  });

  it("runs no single-key shortcut for a sequence's second key, bound elsewhere or not", () => {
    vi.useFakeTimers();
    const approve = vi.fn();
    const goToApprovals = vi.fn();
    unbind = bindShortcuts(window, { a: approve });
    const unbindLayout = bindShortcuts(window, { 'g a': goToApprovals });
    press('g');
    press('a');
    expect(goToApprovals).toHaveBeenCalledTimes(1);
    expect(approve).not.toHaveBeenCalled();
    // On its own (or long after a 'g'), the key is the page's again.
    press('a');
    expect(approve).toHaveBeenCalledTimes(1);
    press('g');
    vi.advanceTimersByTime(1500);
    press('a');
    expect(approve).toHaveBeenCalledTimes(2);
    // With no sequence bound, 'g' is a key like any other: the 'a' after it is the page's.
    unbindLayout();
    press('g');
    press('a');
    expect(approve).toHaveBeenCalledTimes(3);
  });

  it('does not start a sequence from a key typed in a field', () => {
    const go = vi.fn();
    unbind = bindShortcuts(window, { 'g c': go });
    document.body.innerHTML = '<input aria-label="Search" />';
    press('g', {}, document.querySelector('input')!);
    press('c');
    expect(go).not.toHaveBeenCalled();
  });

  it('stops listening once unbound', () => {
    const next = vi.fn();
    bindShortcuts(window, { j: next })();
    press('j');
    expect(next).not.toHaveBeenCalled();
  });
});

describe('isTypingTarget / shouldIgnoreShortcut', () => {
  it('reads text inputs as typing, checkboxes and buttons not', () => {
    document.body.innerHTML = '<input type="search" /><input type="radio" /><button></button>';
    const [search, radio, button] = [...document.body.children];
    expect(isTypingTarget(search!)).toBe(true);
    expect(isTypingTarget(radio!)).toBe(false);
    expect(isTypingTarget(button!)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('ignores a press an earlier handler consumed', () => {
    const event = new KeyboardEvent('keydown', { key: 'j', cancelable: true });
    event.preventDefault();
    expect(shouldIgnoreShortcut(event)).toBe(true);
  });
});

describe('bindGoToShortcuts', () => {
  it('goes to the dashboard and each section with g and its letter', () => {
    const navigate = vi.fn();
    unbind = bindGoToShortcuts(navigate);
    for (const letter of ['d', 'c', 'u', 'm', 'a']) {
      press('g');
      press(letter);
    }
    expect(navigate.mock.calls.map(([path]) => path)).toEqual([
      '/dashboard',
      '/companies',
      '/users',
      '/managers',
      '/approvals',
    ]);
    expect(GO_TO_SHORTCUTS.map((shortcut) => shortcut.keys)).toEqual(['g d', 'g c', 'g u', 'g m', 'g a']);
  });
});

describe('useShortcuts', () => {
  it('calls the latest handler and unbinds on unmount', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ handler }) => useShortcuts({ j: handler }), {
      initialProps: { handler: first },
    });
    rerender({ handler: second });
    press('j');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    unmount();
    press('j');
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('binds nothing while disabled', () => {
    const next = vi.fn();
    renderHook(() => useShortcuts({ j: next }, false));
    press('j');
    expect(next).not.toHaveBeenCalled();
  });

  it('does not fire for keys typed into a rendered search field', () => {
    function Page() {
      const [count, setCount] = useState(0);
      useShortcuts({ j: () => setCount((n) => n + 1) });
      return (
        <>
          <input aria-label="Search" />
          <output>{count}</output>
        </>
      );
    }
    const { getByLabelText, container } = render(<Page />);
    const search = getByLabelText('Search');
    search.focus();
    act(() => {
      fireEvent.keyDown(search, { key: 'j', code: 'KeyJ' });
    });
    expect(container.querySelector('output')!.textContent).toBe('0');
    act(() => {
      fireEvent.keyDown(document.body, { key: 'j', code: 'KeyJ' });
    });
    expect(container.querySelector('output')!.textContent).toBe('1');
  });
});
