import { act, fireEvent, render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { useForm } from 'react-hook-form';
import { sessionAtom, type User } from 'shared-auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFormDraft } from './use-form-draft';

interface Values {
  name: string;
  password: string;
}

function DraftForm({ draftKey = 'thing:new' }: { draftKey?: string }) {
  const form = useForm<Values>({ defaultValues: { name: '', password: '' } });
  useFormDraft(form, { key: draftKey, omit: ['password'] });
  return (
    <form>
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <label>
        Password
        <input type="password" {...form.register('password')} />
      </label>
    </form>
  );
}

const store = getDefaultStore();
function signInAs(id: number) {
  const user = { id, email: `u${id}@example.com`, role: 'ADMIN' } as User;
  act(() => store.set(sessionAtom, { user, isAuthenticated: true }));
}
function signOut() {
  act(() => store.set(sessionAtom, { user: null, isAuthenticated: false }));
}
function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  window.sessionStorage.clear();
  signInAs(1);
});
afterEach(signOut);

describe('useFormDraft', () => {
  it('brings the input back after the session ended under the form and the same user signed in again', () => {
    const first = render(<DraftForm />);
    type('Name', 'Acme Widgets');
    type('Password', 'Secret123!');
    signOut();
    first.unmount();
    // The password never reaches storage.
    expect(JSON.stringify(window.sessionStorage)).not.toContain('Secret123!');

    signInAs(1);
    render(<DraftForm />);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Acme Widgets');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });

  it('discards the draft when the user leaves the form while signed in', () => {
    const first = render(<DraftForm />);
    type('Name', 'Left on purpose');
    first.unmount();
    render(<DraftForm />);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    expect(window.sessionStorage.length).toBe(0);
  });

  it("never shows another user's draft, and keeps drafts of different records apart", () => {
    const first = render(<DraftForm />);
    type('Name', 'Typed by user 1');
    signOut();
    first.unmount();

    signInAs(2);
    const other = render(<DraftForm draftKey="thing:7" />);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    other.unmount();
    render(<DraftForm />);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    expect(window.sessionStorage.length).toBe(0);
  });
});
