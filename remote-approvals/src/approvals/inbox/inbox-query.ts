// The inbox's queue as the approvals list endpoint answers it: its tabs live in the URL (?tab=,
// ?status=) and become the list's own filters, so the queue is read, re-read after a decision and
// kept live exactly as the approvals list is.
import * as v from 'valibot';
import { APPROVAL_SORT_FIELDS, INBOX_TEXT, type ApprovalSummary } from 'shared-contracts';
import type { FilterField, ListRequest, ListResource } from 'shared-ui/table';
import { approvalList, type ApprovalListParams } from '../api/keys';

/** The queue's tabs; 'waiting' (no ?tab in the URL) is the default. */
export const INBOX_TABS = ['waiting', 'all', 'decided'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/**
 * The Decided tab's statuses. The API cannot yet list the approvals a person decided themselves, and
 * its status filter takes one status at a time, so Decided shows the approvals approved (the default)
 * or rejected, by anyone: the closest of its existing filters.
 */
export const DECIDED_STATUSES = ['APPROVED', 'REJECTED'] as const;
export type DecidedStatus = (typeof DECIDED_STATUSES)[number];

/** The inbox's view in the URL: the tab and, on Decided, the status. */
export interface InboxQuery {
  tab?: string;
  status?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/** What the URL may hold: a value refused here counts as not set (the Waiting tab, Approved). */
export const InboxQuerySchema = v.object({
  tab: v.optional(v.picklist(['all', 'decided'])),
  status: v.optional(v.picklist(DECIDED_STATUSES)),
  sortBy: v.optional(v.picklist(APPROVAL_SORT_FIELDS)),
});

/** The controller's fields: read from the URL only, as the tabs are links. */
export const INBOX_FILTERS: Array<FilterField<InboxQuery>> = [
  {
    kind: 'select',
    key: 'tab',
    label: INBOX_TEXT.tabs.label,
    options: [
      { value: '', label: INBOX_TEXT.tabs.waiting },
      { value: 'all', label: INBOX_TEXT.tabs.all },
      { value: 'decided', label: INBOX_TEXT.tabs.decided },
    ],
  },
  {
    kind: 'select',
    key: 'status',
    label: INBOX_TEXT.decidedStatus.label,
    options: [
      { value: '', label: INBOX_TEXT.decidedStatus.approved },
      { value: 'REJECTED', label: INBOX_TEXT.decidedStatus.rejected },
    ],
  },
];

/** The tab a URL value names; anything else is the default, Waiting for me. */
export function inboxTab(value: string | undefined): InboxTab {
  return value === 'all' || value === 'decided' ? value : 'waiting';
}

/** The status the Decided tab shows: Approved unless Rejected is asked for. */
export function decidedStatus(value: string | undefined): DecidedStatus {
  return value === 'REJECTED' ? 'REJECTED' : 'APPROVED';
}

/**
 * The approvals list request of an inbox view: Waiting for me is the list's `view=waiting` (the
 * pending approvals whose current step the signed-in person may decide), All is every approval,
 * Decided one decided status. The page, size and order pass through.
 */
export function toApprovalRequest({ tab, status, ...rest }: ListRequest<InboxQuery>): ApprovalListParams {
  const chosen = inboxTab(tab);
  if (chosen === 'waiting') return { ...rest, view: 'waiting' };
  if (chosen === 'decided') return { ...rest, status: decidedStatus(status) };
  return { ...rest };
}

/** Where the inbox lives (the sidebar's Inbox and the palette's 'Waiting for me' open it). */
export const INBOX_PATH = '/approvals/inbox';

/** The address of a tab (and of a Decided status): the view starts again on page 1 with nothing selected. */
export function inboxTabHref(tab: InboxTab, status?: DecidedStatus): string {
  const params = new URLSearchParams();
  if (tab !== 'waiting') params.set('tab', tab);
  if (tab === 'decided' && status === 'REJECTED') params.set('status', status);
  const query = params.toString();
  return query ? `${INBOX_PATH}?${query}` : INBOX_PATH;
}

/**
 * The approvals list read through the inbox's view: the same SWR keys as the approvals list's
 * (re-read by every decision and live event), the same request as the list page would send.
 */
export const inboxList: ListResource<ApprovalSummary, InboxQuery> = {
  entities: approvalList.entities,
  // The inbox's tabs are views by status and by who may decide: every decision may move rows.
  live: undefined,
  revalidateRelated: approvalList.revalidateRelated,
  related: approvalList.related,
  revalidateLive: approvalList.revalidateLive,
  writeRelated: approvalList.writeRelated,
  key: (request) =>
    approvalList.key(toApprovalRequest(request)) as unknown as ReturnType<
      ListResource<ApprovalSummary, InboxQuery>['key']
    >,
  fetchPage: (request) => approvalList.fetchPage(toApprovalRequest(request)),
  usePage: (request) => approvalList.usePage(toApprovalRequest(request)),
  revalidate: approvalList.revalidate,
  andRevalidate: approvalList.andRevalidate,
};
