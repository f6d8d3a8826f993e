import { isApiError } from 'shared-auth';
import { SECOND_FACTOR_ERRORS } from 'shared-contracts';

/** Field messages of a refused factor form, and the message for the whole form when none fits a field. */
export function splitFactorError(
  error: unknown,
  fields: readonly string[],
): { fields: Record<string, string>; message: string | null } {
  // A browser that refused or timed out the passkey ceremony says so in its own words; ours are clearer.
  if (!isApiError(error)) return { fields: {}, message: SECOND_FACTOR_ERRORS.passkeyFailed };
  const own = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([key]) => fields.includes(key)));
  return { fields: own, message: Object.keys(own).length > 0 ? null : error.message };
}
