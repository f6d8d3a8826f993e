/** Where a person adds their second factors (the users section's page for the signed-in person). */
export const SECURITY_PAGE_PATH = '/users/profile/security';

/**
 * SWR key of GET /api/user/security (the signed-in person's factors and duty): the Security page
 * and the console's banner read the one answer, so a factor added there takes the banner away.
 */
export const SECURITY_OVERVIEW_KEY = ['users', 'security'] as const;
