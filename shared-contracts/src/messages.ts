/** User-facing texts, word for word. */
export const VALIDATION = {
  email: 'Please enter a valid email address',
  loginPassword: 'Password must be at least 6 characters',
  companyNameRequired: 'Company name is required',
  companyNameTooLong: 'Name is too long',
  companyEmail: 'Invalid email address',
  companyWebsite: 'Invalid website URL',
  /** New passwords need 12 characters: eight-character ones such as `password` were accepted and guessed. */
  userPassword: 'Password must be at least 12 characters',
  userPasswordHint: 'Must be at least 12 characters long, hard to guess, without the name or e-mail',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  rejectionReasonTitle: 'Rejection reason required',
  rejectionReason: 'Please provide a reason for rejection',
} as const;

/**
 * Why a new password is refused (account creation and password change; the server checks all of
 * them, the forms only the length).
 */
export const PASSWORD_RULES = {
  tooShort: VALIDATION.userPassword,
  containsEmail: 'Password must not contain your e-mail name',
  containsName: 'Password must not contain your name',
  /** Followed by ': ' and the strength estimator's warning (or suggestion). */
  tooEasy: 'This password is too easy to guess',
  /** The detail when the estimator gives neither a warning nor a suggestion. */
  tooEasyDetail: 'use a longer mix of uncommon words',
  /** One strength check at a time per person: a second one while the first runs is refused. */
  checkRunning: 'A password check is already running for you. Please try again in a moment.',
  tooManyChecks:
    'Too many new passwords checked in the last minute. Please wait a minute before trying again.',
} as const;

export const LOGIN_ERRORS = {
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  network: 'Unable to connect to the server. Please check your internet connection and try again.',
  server: 'Server error occurred. Please try again later.',
  tooManyAttempts: 'Too many login attempts. Please wait a few minutes before trying again.',
  fallback: 'Login failed. Please try again.',
} as const;

export const AUTH_ERRORS = {
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Token refresh failed',
  /** Our own wording: the session reached its absolute limit after sign-in. */
  sessionExpired: 'Your session has ended. Please sign in again.',
  // The texts of the inactivity sign-out are IDLE_TEXT (idle-text.ts): only the signed-in console
  // uses them, and a text here is part of the sign-in page's JavaScript.
  registrationFailed: 'Registration failed',
  currentUserFailed: 'Failed to get current user',
  passwordChangeFailed: 'Password change failed',
  /** Our own wording: shown when a disabled account tries to sign in. */
  accountDisabled: 'This account is disabled. Contact your system administrator.',
  /** Our own wording: a missing, forged or expired access token. */
  unauthenticated: 'Authentication required. Please sign in again.',
  forbidden: "You don't have permission to perform this action.",
  currentPasswordWrong: 'Current password is incorrect',
  /** Our own wording: too many wrong current passwords on a password change (429). */
  tooManyPasswordAttempts: 'Too many password attempts. Please wait a few minutes before trying again.',
  /** Our own wording: a concurrent change replaced the password first (409). */
  passwordChangedMeanwhile:
    'Your password was changed by another request meanwhile. Sign in with the new password and try again.',
  /** Our own wording: registering (or renaming to) an e-mail another account has. */
  emailTaken: 'A user with this email already exists',
} as const;

export { UI_TEXT } from './ui-text';

/** Generic server-side failures (our own wording). */
export const SERVER_ERRORS = {
  internal: 'Something went wrong on the server. Please try again later.',
  notFound: 'Not found',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  invalidId: 'The id must be a positive whole number',
  /** Any string input: PostgreSQL text cannot hold U+0000. */
  nulCharacter: 'Text must not contain NUL (U+0000) characters',
  /** Any string input: half of a UTF-16 surrogate pair cannot be stored as UTF-8. */
  invalidUnicode: 'Text must be valid Unicode (it contains a lone surrogate)',
  invalidUtf8: 'The request body is not valid UTF-8',
  badUrl: 'The request URL is not valid (bad percent-encoding)',
  pathTooLong: 'A part of the request path is too long',
  badRequest: 'The request could not be read',
  headersTooLarge: 'The request headers are too large',
  requestTimeout: 'The request took too long to arrive',
  /** 503 while the database cannot be reached; nothing was changed. */
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
} as const;

/** A text field holding control characters (our own wording). */
export const TEXT_ERRORS = {
  /** One-line fields (names, titles, phone numbers, document numbers): no C0/C1 control characters. */
  controlCharacters: (field: string) =>
    `${field} must be one line of text without control characters (such as tabs or line breaks)`,
  /** Multi-line fields (addresses, descriptions, reasons): tabs and line breaks only. */
  controlCharactersMultiLine: (field: string) =>
    `${field} must not contain control characters other than tabs and line breaks`,
} as const;

/** The command palette's own words. */
export const PALETTE_TEXT = {
  label: 'Search and commands',
  placeholder: 'Search approvals, companies, people, or type a command…',
  searching: 'Searching…',
  noMatches: 'No matches.',
  recent: 'Recent',
  onThisPage: 'On this page',
  goTo: 'Go to',
  searchFailed: (group: string) => `Could not search ${group.toLowerCase()}.`,
  hintMove: 'to move',
  hintOpen: 'to open',
  hintClose: 'to close',
} as const;
