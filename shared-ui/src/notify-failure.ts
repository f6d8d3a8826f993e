// The notice of a failed call, the one way every page reports one. Pages used to build it three
// ways (the error's message, the message or a fallback text, a hand-made 'Error …: …'); the console's
// notice says the error's own message, else the fallback, under the 'Error' title (notifyError).
import { errorMessage } from 'shared-auth';
import { notifyError } from './toaster';

/**
 * @example catch (error) { notifyFailure(error, 'The sessions could not be ended'); }
 */
export function notifyFailure(error: unknown, fallback?: string): string {
  return notifyError(errorMessage(error, fallback));
}
