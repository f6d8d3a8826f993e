/**
 * Intuit's throttles of the accounting API, kept per realm: a rolling minute and a rolling second
 * of requests let through. The emulator has one app, so "per realm" and "per realm and app" are the
 * same here. A request past either is refused (429) and does not count against the windows, so a
 * client that waits its Retry-After gets through.
 */

export interface ThrottleLimits {
  /** Requests per rolling minute per realm (Intuit: 500). */
  perMinute: number;
  /** Requests per rolling second per realm and app (Intuit: 10). */
  perSecond: number;
}

/** The limits Intuit documents for its sandbox and production servers. */
export const INTUIT_LIMITS: Readonly<ThrottleLimits> = { perMinute: 500, perSecond: 10 };

export class RealmThrottle {
  /** When each request let through in the last minute arrived, oldest first. */
  private readonly accepted: number[] = [];
  /** When each request of the last second arrived, refused ones too. */
  private readonly arrivals: number[] = [];
  /** The most requests that arrived within any one second (refused ones too). */
  peakPerSecond = 0;

  /**
   * Counts a request arriving at `now` (epoch ms). Answers null when it may go on, else the
   * seconds to wait before the window lets the next one through (Retry-After).
   */
  admit(now: number, limits: ThrottleLimits): number | null {
    while (this.arrivals.length > 0 && this.arrivals[0]! <= now - 1000) this.arrivals.shift();
    this.arrivals.push(now);
    this.peakPerSecond = Math.max(this.peakPerSecond, this.arrivals.length);

    while (this.accepted.length > 0 && this.accepted[0]! <= now - 60_000) this.accepted.shift();
    if (this.accepted.length >= limits.perMinute) {
      // The minute's oldest request leaves the window then.
      return Math.max(1, Math.ceil((this.accepted[0]! + 60_000 - now) / 1000));
    }
    let inSecond = 0;
    while (
      inSecond < this.accepted.length &&
      this.accepted[this.accepted.length - 1 - inSecond]! > now - 1000
    ) {
      inSecond += 1;
    }
    if (inSecond >= limits.perSecond) return 1;
    this.accepted.push(now);
    return null;
  }
}
