import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TruncatedText } from './truncated-text';
import { UiProvider } from './ui-provider';

describe('TruncatedText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the full text on hover only while the text is cut', () => {
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
    expect(wrapper.getAttribute('title')).toBe('A very long company name');
    expect(wrapper.tagName).toBe('SPAN');
  });

  it('has no tooltip when everything fits', () => {
    render(
      <UiProvider>
        <TruncatedText lines={2}>Short</TruncatedText>
      </UiProvider>,
    );
    expect(screen.getByText('Short').getAttribute('title')).toBeNull();
  });
});
