/**
 * Texts the console shows about the releases of its sections (not worded by the product spec): a
 * section that cannot be loaded, one whose release does not fit this console, a newer release, and
 * the About list of what is running.
 */
export const RELEASE_TEXT = {
  unreachableTitle: (label: string) => `The ${label} section could not be loaded`,
  unreachable: 'Its files could not be reached. The rest of the console still works; try again in a moment.',
  incompatibleTitle: (label: string) => `The ${label} section's release does not fit this console`,
  /** One shared package the section needs in a version this console does not provide. */
  sharedMismatch: (pkg: string, required: string, provided: string) =>
    `It needs ${pkg} ${required}; this console provides ${pkg} ${provided}.`,
  missingExpose: (expose: string) => `It does not expose ${expose}.`,
  incompatibleHint: 'It was not started, so the rest of the console keeps working.',
  /** After a failure that left the page's shared modules in doubt: Retry reloads the page, same URL. */
  reloadNeeded: 'The page must be reloaded to load this section again (you stay on this page).',
  release: (buildId: string) => `Release ${buildId}.`,
  newVersion: 'A new version of this section is available',
  reload: 'Reload',
  aboutTitle: 'About this console',
  hostBuild: 'Console (host) build',
  notReleased: 'local build',
} as const;
