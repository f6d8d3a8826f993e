/** A numeric route id, or null when it is missing, the literal 'undefined' or not a whole number. */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || raw === 'undefined' || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
