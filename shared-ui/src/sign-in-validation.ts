// The sign-in form's rules: the shared LoginSchema (fetched by the sign-in page when first needed).
import { LoginSchema } from 'shared-contracts';
import { safeParse } from 'valibot';

type SignInField = 'email' | 'password';

/** The sign-in form's values. */
export type SignInValues = Record<SignInField, string>;

/** The normalised values, or the first schema message of each invalid field. */
export function validate(values: SignInValues): { output?: SignInValues; errors: Partial<SignInValues> } {
  const result = safeParse(LoginSchema, values, { abortPipeEarly: true });
  if (result.success) return { output: result.output, errors: {} };
  const errors: Partial<SignInValues> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if ((key === 'email' || key === 'password') && !errors[key]) errors[key] = issue.message;
  }
  return { errors };
}
