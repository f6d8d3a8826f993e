// The shell's own words, in a module of their own: the sign-in page and the shared states load
// them without the rest of the console's messages.
export const UI_TEXT = {
  loading: 'Loading...',
  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have permission to access this page.",
  signInTitle: 'Sign in to Admin Dashboard',
  signInHint: 'Enter your email and password to access the admin panel',
  signIn: 'Sign in',
  signingIn: 'Signing in...',
  passwordPlaceholder: 'Enter your password',
  signInFooter: 'Need help? Contact your system administrator.',
  multipleFailures: 'Multiple failed attempts detected. Please double-check your credentials.',
  signOut: 'Sign out',
  errorTitle: 'Error',
  unknownError: 'Unknown error',
  /** A path no page answers: said where the console took the person instead, or on the record's page. */
  noPageAt: (path: string) => `There is no page at ${path}.`,
} as const;
