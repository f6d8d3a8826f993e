/**
 * User-facing texts of the inactivity sign-out, word for word. Their own module, beside messages.ts:
 * only code loaded after sign-in uses them, and everything in messages.ts is part of the sign-in
 * page's JavaScript, which has no room to spare.
 */
export const IDLE_TEXT = {
  /** Our own wording: the warning a minute before an unused console signs itself out. */
  title: 'Still there?',
  warning: 'You will be signed out in 1 minute for inactivity.',
  staySignedIn: 'Stay signed in',
  /** Our own wording: the sign-in page's notice after it (the minutes are the server's limit). */
  signedOut: (minutes: number) =>
    `You were signed out after ${minutes} minute${minutes === 1 ? '' : 's'} without activity.`,
} as const;
