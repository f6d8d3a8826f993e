/**
 * Whether a person must have a second factor: their role, or a part in deciding payments (a
 * company's approver, named in an approval policy's step, someone's out-of-office delegate).
 * Those facts belong to users, companies and approvals; the flow that knows them
 * (flows/second-factor-duty.ts) gives this to second-factors, which imports none of them for it.
 */
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';

export type SecondFactorDuty = (db: Db, user: UserRow) => Promise<boolean>;
