/**
 * A LIKE / ILIKE pattern matching `text` literally: `%`, `_` and the escape character `\`
 * (PostgreSQL's default LIKE escape) are escaped. `contains` wraps it in `%…%`.
 */
export function likePattern(text: string, contains = true): string {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return contains ? `%${escaped}%` : escaped;
}
