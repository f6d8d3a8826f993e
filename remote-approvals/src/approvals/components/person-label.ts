/**
 * A person as the approval page names them: the name they chose, and the e-mail of their account,
 * which they cannot make look like someone else's.
 */
export const personLabel = (name: string | null, email: string | null | undefined) =>
  email && email !== name ? `${name ?? email} (${email})` : (name ?? email ?? '');
