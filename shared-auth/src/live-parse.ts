// The check of a change event as it arrives, apart from the policy (live-policy.ts): its schema
// (valibot, and the stat cards' schema with the approvals' entities) is loaded with the stream's
// connection after sign-in, not with shared-auth itself, which the sign-in page loads. The load
// benchmark's consoles take events through it too.
import { parseLiveEventData } from 'shared-contracts';
import type { LiveChange } from './live-bus';

/**
 * A change event's `data` line as the console takes it, checked against the event's schema in
 * shared-contracts (unknown fields dropped); null when malformed, so it changes nothing on screen.
 */
export function parseLiveChange(data: string): LiveChange | null {
  const parsed = parseLiveEventData(data);
  return parsed && { type: 'change', ...parsed };
}
