// What the approvals list says besides the spec's columns: who is paid, when the first bill is due,
// who decides next, how old the request is, and the mark of a possible duplicate.

export const APPROVAL_LIST_TEXT = {
  columns: { vendor: 'Vendor', due: 'Due', nextApprover: 'Next approver', age: 'Age' },
  /** The vendors after the first one, counted: '+2 more' (nothing for one vendor). */
  moreVendors: (vendorCount: number) => (vendorCount > 1 ? `+${vendorCount - 1} more` : ''),
  /** An approval whose bills name no vendor. */
  noVendor: 'No vendor',
  /** The mark of an approval with a bill flagged as a possible duplicate (as on its page). */
  possibleDuplicate: '⚠ Possible duplicate',
  /** 'Step 1 of 2': where the waiting approval stands; who decides it is the next column. */
  stepOf: (step: number, count: number) => `Step ${step} of ${count}`,
} as const;
