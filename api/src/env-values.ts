/** What every group of settings needs to read the environment (config.ts, session-config.ts). */
import * as v from 'valibot';

/** A setting the server refuses to start with; main.ts prints its message. */
export class ConfigError extends Error {}

/** A whole number between `min` and `max`, read from its decimal text, with messages naming `name`. */
export const intFromEnv = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/** A number between `min` and `max` that may have decimals (0.5), with messages naming `name`. */
export const decimalFromEnv = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+(\.\d+)?$/, `${name} must be a number such as 5 or 0.5`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );
