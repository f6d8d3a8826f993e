import { UI_TEXT } from 'shared-contracts';

/** The message to show for a failed call: the server's text, else a generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UI_TEXT.unknownError;
}
