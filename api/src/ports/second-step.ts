/**
 * What sign-in needs from second factors, given to it by the flow that signs people in
 * (flows/sign-in.ts), so auth never imports the second-factors module (which builds on auth).
 */
import type { SecondStep } from 'shared-contracts';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';

/**
 * Called inside the sign-in's transaction once the password was right: the second step the person
 * must pass before a session is made (a ticket and the methods they can use), or null when they
 * have no second factor and the session starts now.
 */
export type SecondStepGate = (tx: Db, user: UserRow) => Promise<SecondStep | null>;

/** Sign-in without a second step (for callers that have no second factors to ask about). */
export const NO_SECOND_STEP: SecondStepGate = async () => null;
