/**
 * US bank routing numbers (ABA RTN), as NACHA files and bank forms use them. One implementation for
 * the forms and the API, so a number the console accepts is one the bank file can carry.
 */

/** Weights of the ABA checksum, digits 1–8. */
const ROUTING_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7] as const;

/**
 * The check digit (9th digit) of a routing number's first 8 digits: (10 − Σ digit×weight mod 10) mod 10.
 * @example routingCheckDigit('12104288') // 2 → routing number 121042882
 */
export function routingCheckDigit(first8: string): number {
  if (!/^\d{8}$/.test(first8)) throw new RangeError('A routing number prefix is 8 digits');
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(first8[index]) * ROUTING_WEIGHTS[index]!;
  return (10 - (sum % 10)) % 10;
}

/** Nine digits whose last one is the check digit of the first eight (and not all zeros). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value) || /^0+$/.test(value)) return false;
  return routingCheckDigit(value.slice(0, 8)) === Number(value[8]);
}
