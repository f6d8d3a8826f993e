// @ts-check
// The console's sections: the one list the host (router, sidebar, dashboard), the API (which remote
// builds it serves) and the build and start tools read. Plain JavaScript data, so the Node tools import
// it as it is and TypeScript still infers each entry exactly; icons are React and stay in the host,
// keyed by `name`.

/**
 * @typedef {object} SectionEntry
 * @property {string} name        federation name, /remotes.json key, and the remote's folder `remote-<name>`
 * @property {string} label       sidebar entry and the section's loading text
 * @property {`/${string}`} path  where the host mounts the section's routes
 * @property {import('./roles').Role} minRole  lowest role that may open the section
 * @property {import('./roles').Role | null} manageRole  lowest role that may create and edit its records
 *   (its /new and /:id/edit pages); null when the console creates none
 * @property {import('./roles').Role | null} adminRole  lowest role for the section's steps that cannot be
 *   taken back: deleting a record, confirming another person's policy change, marking a bank file
 *   uploaded or paid, sending payments again, a person's sessions and out-of-office; null when none
 * @property {import('./roles').Role | null} decideRole  lowest role that approves and rejects the
 *   section's records (bill payments), as the API's decision routes require; null when it decides none
 * @property {number} devPort     the remote's dev server port (`pnpm dev`)
 */

/** In sidebar order, after the dashboard. */
export const SECTIONS = /** @satisfies {readonly SectionEntry[]} */ (
  /** @type {const} */ ([
    {
      name: 'companies',
      label: 'Companies',
      path: '/companies',
      minRole: 'GUEST',
      manageRole: 'MODERATOR',
      adminRole: 'ADMIN',
      decideRole: null,
      devPort: 3001,
    },
    {
      name: 'users',
      label: 'Users',
      path: '/users',
      minRole: 'GUEST',
      manageRole: 'MODERATOR',
      adminRole: 'ADMIN',
      decideRole: null,
      devPort: 3002,
    },
    {
      name: 'managers',
      label: 'Managers',
      path: '/managers',
      minRole: 'GUEST',
      manageRole: 'MODERATOR',
      adminRole: 'ADMIN',
      decideRole: null,
      devPort: 3003,
    },
    {
      name: 'approvals',
      label: 'Approvals',
      path: '/approvals',
      minRole: 'GUEST',
      manageRole: 'MODERATOR',
      adminRole: 'ADMIN',
      decideRole: 'USER',
      devPort: 3004,
    },
  ])
);

/** The folder of a section's remote. */
export const remoteDir = (/** @type {string} */ name) => `remote-${name}`;

/**
 * The section called `name`; throws for a name that is not one (a typo in a tool or a config).
 * @template {(typeof SECTIONS)[number]['name']} N
 * @param {N} name
 * @returns {Extract<(typeof SECTIONS)[number], { name: N }>}
 */
export function sectionNamed(name) {
  const section = SECTIONS.find((entry) => entry.name === name);
  if (!section) throw new Error(`No section called "${name}"`);
  return /** @type {Extract<(typeof SECTIONS)[number], { name: N }>} */ (section);
}
