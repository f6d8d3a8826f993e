/** Where a person adds their second factors (the users section's page for the signed-in person). */
export const SECURITY_PAGE_PATH = '/users/profile/security';
