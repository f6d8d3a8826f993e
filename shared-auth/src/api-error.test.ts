import { describe, expect, it } from 'vitest';

describe('errorMessage', () => {
  it('prefers the error text and falls back otherwise', async () => {
    const { errorMessage, ApiError } = await import('./api-error');
    expect(errorMessage(new ApiError('Company not found', { status: 404, code: 'NOT_FOUND' }))).toBe(
      'Company not found',
    );
    expect(errorMessage('boom')).toBe('Unknown error');
    expect(errorMessage(new Error(''), 'Failed to update assignment')).toBe('Failed to update assignment');
  });
});
