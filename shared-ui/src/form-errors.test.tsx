import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from 'shared-auth';
import { describe, expect, it, vi } from 'vitest';
import { reportFormError, serverFieldErrors, useResetForRecord } from './form-errors';
import * as toaster from './toaster';

const invalid = (fields: Record<string, string>) =>
  new ApiError('Validation failed', { status: 400, code: 'VALIDATION_ERROR', fields });

interface Values {
  email: string;
  name: string;
}

describe('serverFieldErrors', () => {
  it("lists the server's field errors, renamed and limited to the form's fields", () => {
    const error = invalid({ email: 'Email already exists', 'settlementAccount.number': 'Bad', other: 'x' });
    expect(serverFieldErrors(error)).toEqual([
      ['email', 'Email already exists'],
      ['settlementAccount.number', 'Bad'],
      ['other', 'x'],
    ]);
    expect(
      serverFieldErrors(error, {
        fields: ['email', 'settlementAccountNumber'],
        fieldFor: (field) => (field.startsWith('settlementAccount') ? 'settlementAccountNumber' : field),
      }),
    ).toEqual([
      ['email', 'Email already exists'],
      ['settlementAccountNumber', 'Bad'],
    ]);
  });

  it('is empty for an error without fields', () => {
    expect(serverFieldErrors(new Error('boom'))).toEqual([]);
    expect(serverFieldErrors(new ApiError('Down', { status: 503, code: 'HTTP_503' }))).toEqual([]);
  });
});

describe('reportFormError', () => {
  it('puts field errors on their fields, focuses the first when allowed, and says the error in a notice', () => {
    const notify = vi.spyOn(toaster, 'notifyError').mockImplementation(() => '');
    const setError = vi.fn();
    const setFocus = vi.fn();
    reportFormError<Values>(
      { setError, setFocus },
      invalid({ email: 'Taken', name: 'Too long', extra: 'x' }),
      {
        fields: ['email', 'name'],
        focus: (field) => field !== 'name',
      },
    );
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Taken' }],
      ['name', { type: 'server', message: 'Too long' }],
    ]);
    expect(setFocus.mock.calls).toEqual([['email']]);
    expect(notify).toHaveBeenCalledWith('Validation failed');
    notify.mockRestore();
  });

  it('focuses nothing when the first field may not take the focus, and uses the fallback text', () => {
    const notify = vi.spyOn(toaster, 'notifyError').mockImplementation(() => '');
    const setFocus = vi.fn();
    reportFormError<Values>({ setError: vi.fn(), setFocus }, invalid({ name: 'x', email: 'y' }), {
      focus: (field) => field !== 'name',
    });
    expect(setFocus).not.toHaveBeenCalled();
    reportFormError<Values>({ setError: vi.fn() }, 'not an error', { fallback: 'Password change failed' });
    expect(notify).toHaveBeenLastCalledWith('Password change failed');
    notify.mockRestore();
  });

  it('shows the message under the field of a real form', () => {
    vi.spyOn(toaster, 'notifyError').mockImplementation(() => '');
    const { result } = renderHook(() => useForm<Values>({ defaultValues: { email: '', name: '' } }));
    act(() => reportFormError(result.current, invalid({ email: 'Email already exists' })));
    expect(result.current.getFieldState('email').error?.message).toBe('Email already exists');
    vi.restoreAllMocks();
  });
});

describe('useResetForRecord', () => {
  const toValues = (record: { id: number; email: string }) => ({ email: record.email, name: '' });

  it('fills the form once per record: a re-read of the same record keeps what is typed', () => {
    const reset = vi.fn();
    const first = { id: 1, email: 'a@x.io' };
    const { rerender } = renderHook(({ record }) => useResetForRecord(reset, record, toValues), {
      initialProps: { record: first as { id: number; email: string } | null },
    });
    // The first record is the form's defaultValues.
    expect(reset).not.toHaveBeenCalled();
    rerender({ record: { id: 1, email: 'changed@x.io' } });
    expect(reset).not.toHaveBeenCalled();
    rerender({ record: { id: 2, email: 'b@x.io' } });
    expect(reset).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledWith({ email: 'b@x.io', name: '' });
    rerender({ record: null });
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('fills the form when the record arrives after the form', () => {
    const reset = vi.fn();
    const { rerender } = renderHook(({ record }) => useResetForRecord(reset, record, toValues), {
      initialProps: { record: null as { id: number; email: string } | null },
    });
    rerender({ record: { id: 3, email: 'c@x.io' } });
    expect(reset).toHaveBeenCalledWith({ email: 'c@x.io', name: '' });
  });
});
