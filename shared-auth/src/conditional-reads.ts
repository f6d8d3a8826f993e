// Reads the console repeats (a list or its figures again after a live event) go with the ETag of
// the copy this tab holds, and a 304 answers them from that copy: the API then runs no query and
// sends no body. The copies live in this tab's memory only (the API's answers stay no-store, so
// no payment data is written to the browser's disk cache) and go with the session.

/** Copies kept: a tab shows a few lists and their figures; the oldest goes first. */
const MAX_COPIES = 100;

const copies = new Map<string, { etag: string; text: string }>();
/** The newest live event this tab has seen (the stream's `id`), or null before the stream starts. */
let newestSeq: number | null = null;

/** Notes an event id from the live stream: reads then ask for data at least that new. */
export function noteLiveSeq(id: string | undefined): void {
  if (!id || !/^\d{1,15}$/.test(id)) return;
  newestSeq = Math.max(newestSeq ?? 0, Number(id));
}

/** The newest live event id this tab has seen, or null. */
export function newestLiveSeq(): number | null {
  return newestSeq;
}

/** The headers of a read of `key`: the copy's ETag, and the newest event this tab has seen. */
export function conditionalHeaders(key: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const copy = copies.get(key);
  if (copy) headers['If-None-Match'] = copy.etag;
  if (newestSeq !== null) headers['Live-Seq'] = String(newestSeq);
  return headers;
}

/** Keeps an answer that came with an ETag (as the newest copy). */
export function rememberAnswer(key: string, etag: string | null, text: string): void {
  copies.delete(key);
  if (!etag) return;
  copies.set(key, { etag, text });
  if (copies.size > MAX_COPIES) copies.delete(copies.keys().next().value!);
}

/** The copy a 304 confirmed, or undefined when this tab no longer holds it. */
export function confirmedCopy(key: string): string | undefined {
  const copy = copies.get(key);
  if (!copy) return undefined;
  copies.delete(key);
  copies.set(key, copy);
  return copy.text;
}

/** Signing in or out: nothing of one session's answers is kept for the next. */
export function forgetAnswers(): void {
  copies.clear();
  newestSeq = null;
}
