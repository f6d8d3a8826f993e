import { CHAIN_WAITING_NAMES } from 'shared-contracts';

/** Names shown before 'and N more' when more people may decide a step than fit in a line. */
const NAMES_SHOWN = CHAIN_WAITING_NAMES - 1;

/**
 * Who an open step waits for, in words: every name when the API listed them all (`count` people
 * may decide it, of whom it lists the first CHAIN_WAITING_NAMES), otherwise the first five and how
 * many more, so that a step any ADMIN may decide reads 'A, B, C, D, E and 7 more'.
 */
export function waitingText(names: readonly string[], count: number): string {
  if (count <= names.length) return names.join(', ');
  return `${names.slice(0, NAMES_SHOWN).join(', ')} and ${(count - NAMES_SHOWN).toLocaleString('en-US')} more`;
}
