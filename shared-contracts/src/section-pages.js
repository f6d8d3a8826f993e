// @ts-check
// The section registry's pages (sections.js holds the sections): a page of a section that gets its
// own sidebar entry. Its own module so that the sign-in page, whose router reads sections.js, does
// not carry it (only the signed-in layout's sidebar does).

/**
 * @typedef {object} SectionPageEntry
 * @property {import('./section-types').SectionName} section  the section whose remote serves the page
 * @property {string} label       its sidebar entry, under the section's
 * @property {`/${string}`} path  where it opens, under the section's path
 * @property {import('./roles').Role} minRole  lowest role that may open it (its API refuses the others too)
 * @property {'waiting'} [badge]  a count beside its sidebar entry: 'waiting', the approvals waiting for the person's decision
 */

/**
 * Pages of a section that get their own sidebar entry, after their section's, for the roles that
 * may open them. The audit log reads every section's records, so it is a page of Users for ADMIN
 * rather than a section of its own (no remote, no release of its own).
 */
export const SECTION_PAGES = /** @satisfies {readonly SectionPageEntry[]} */ (
  /** @type {const} */ ([
    // The approver's split view: the queue of what waits for them beside the approval, decided in turn.
    // Its entry carries the count of what waits: the count leads to the place where it is decided.
    { section: 'approvals', label: 'Inbox', path: '/approvals/inbox', minRole: 'USER', badge: 'waiting' },
    // Approved payments by where they stand (bank file, sent, paid): read as bank files are read.
    { section: 'approvals', label: 'Payments', path: '/approvals/payments', minRole: 'MODERATOR' },
    // What the bank sent back about payments, and each bank file's reconciliation.
    { section: 'approvals', label: 'Bank returns', path: '/approvals/bank-returns', minRole: 'MODERATOR' },
    { section: 'users', label: 'Audit log', path: '/users/audit', minRole: 'ADMIN' },
  ])
);
