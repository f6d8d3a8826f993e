import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TruncatedText } from './truncated-text';
import { UiProvider } from './ui-provider';

describe('TruncatedText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the full text on hover only while the text is cut', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(500);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    render(
      <UiProvider>
        <TruncatedText>
          <a href="/companies/1">A very long company name</a>
        </TruncatedText>
      </UiProvider>,
    );
    const wrapper = screen.getByRole('link').parentElement as HTMLElement;
    await waitFor(() => expect(wrapper.getAttribute('title')).toBe('A very long company name'));
    expect(wrapper.tagName).toBe('SPAN');
  });

  it('has no tooltip when everything fits, and drops it when new text fits', async () => {
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(500);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    const { rerender } = render(
      <UiProvider>
        <TruncatedText lines={2}>A long name</TruncatedText>
      </UiProvider>,
    );
    const element = screen.getByText('A long name');
    await waitFor(() => expect(element.getAttribute('title')).toBe('A long name'));
    // The same element with new, shorter text is measured again.
    scrollWidth.mockReturnValue(100);
    rerender(
      <UiProvider>
        <TruncatedText lines={2}>Short</TruncatedText>
      </UiProvider>,
    );
    await waitFor(() => expect(screen.getByText('Short').getAttribute('title')).toBeNull());
  });
});
