/**
 * What the layers below the modules need from second factors, given to them at start-up (app.ts)
 * by the second-factors module, so the auth plugin never imports a module.
 */
import type { Db } from '../db/client';

/** Whether the person has at least one second factor (a step-up needs one to present). */
export type HasSecondFactor = (db: Db, userId: number) => Promise<boolean>;
