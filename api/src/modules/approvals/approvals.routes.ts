import { conditionalAnswer, VersionedSnapshot } from '../live/live.conditional';
import type { FastifyInstance } from 'fastify';
import {
  APPROVAL_ERRORS,
  ERROR_CODES,
  ApprovalExportQuerySchema,
  ApprovalExportRowSchema,
  ApprovalHistoryEntrySchema,
  ApprovalIdParamSchema,
  ApprovalListQuerySchema,
  ApprovalRecipientsSchema,
  ApprovalSchema,
  ApprovalSummarySchema,
  ApprovalStatsSchema,
  ApprovalUpdateSchema,
  ApproveSchema,
  ApprovalChainSchema,
  WaitingCountSchema,
  BulkApproveSchema,
  BulkOutcomeSchema,
  BulkRejectSchema,
  RejectSchema,
  QbChangesConfirmSchema,
  ManualApprovalCreateSchema,
} from 'shared-contracts';
import * as v from 'valibot';
import { ok, paged } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { emptyOkSchema, fileSchema, okSchema, pagedSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { amountStepUp, authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { exportFileName, streamApprovalExport } from './approvals.export';
import { approvalHistory, approvalStats } from './approval-history.repository';
import { countApprovals, listApprovals } from './approval-list.repository';
import { countStuck, countWaitingFor, listWaitingFor } from './approval-queue.repository';
import { viewerDecisionOf } from './viewer-decision';
import { findApprovalRow } from './approvals.repository';
import { approvalChain } from './approval-policy.service';
import { createManualApproval } from './manual-approvals.service';
import { approve, approveEach, confirmQbChanges } from '../../flows/approve-and-pay';
import {
  deleteApproval,
  editApproval,
  getApproval,
  rejectApproval,
  setRecipients,
} from './approvals.service';
import { bulkDecide } from './bulk-decide';
import { reopenAfterQbChanges } from './qb-changes.service';

const tags = ['Approvals'];
const params = ApprovalIdParamSchema;

/**
 * /api/bill-approval. Reads: every signed-in role. Decisions (approve,
 * reject, bulk): USER and up whom the open step names, never the creator. Create, edit, recipients: MODERATOR
 * and up. Delete: ADMIN. Authorisation runs at onRequest, before validation.
 */
export async function approvalsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // Figures that are the same for everyone: one query per data version, however many consoles ask.
  const statsSnapshot = new VersionedSnapshot((db) => approvalStats(db));
  const stuckSnapshot = new VersionedSnapshot((db) => countStuck(db));
  // Every approval event carries the stat cards at its version, from the same snapshot, so open
  // consoles write them instead of re-reading them. GUEST: the stats route answers every role.
  const stopFigures = app.liveHub.addFigures({
    entity: 'approval',
    name: 'approvalStats',
    minRole: 'GUEST',
    compute: (db) => statsSnapshot.current(app, db),
  });
  app.addHook('onClose', async () => {
    stopFigures();
  });
  const decider = requireRole('USER');
  const moderator = requireRole('MODERATOR');

  app.get(
    '/approvals',
    {
      onRequest: authenticate,
      schema: {
        summary:
          'List approvals (filter, search, sort, page); rows without the bills, which GET …/{id} answers',
        tags,
        querystring: ApprovalListQuerySchema,
        response: { 200: pagedSchema(ApprovalSummarySchema) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const viewer = currentAuth(request).user;
      // An unchanged view (nothing committed since the client's copy) is a 304 without the query.
      return conditionalAnswer(request, reply, viewer, async () => {
        const { rows, total, capped } =
          query.view === 'waiting'
            ? await listWaitingFor(app.db, viewer, app.now(), query, app.config.waitingCountCap)
            : await listApprovals(app.db, viewer, app.now(), query, app.config.approvalSearchCountCap);
        return paged(rows, total, query.page, query.limit, capped);
      });
    },
  );

  app.get(
    '/approvals/waiting-count',
    {
      onRequest: authenticate,
      schema: {
        summary: "How many pending approvals wait for the signed-in person's decision ('Waiting for me')",
        tags,
        response: { 200: okSchema(WaitingCountSchema) },
      },
    },
    async (request, reply) => {
      const viewer = currentAuth(request).user;
      return conditionalAnswer(request, reply, viewer, async () => {
        const waiting = await countWaitingFor(app.db, viewer, app.now(), app.config.waitingCountCap);
        return ok({ ...waiting, stuck: await stuckSnapshot.get(request) });
      });
    },
  );

  app.get(
    '/approvals/stats',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Approval counts by status and priority (the stat cards)',
        tags,
        response: { 200: okSchema(ApprovalStatsSchema) },
      },
    },
    async (request, reply) =>
      conditionalAnswer(request, reply, currentAuth(request).user, async () =>
        ok(await statsSnapshot.get(request)),
      ),
  );

  // Exports running per user id: each holds a spool file or keyset reads until its client has the
  // file, so one account may not start them without limit (this process's count).

  // Every matching row (no page, no cap), streamed; X-Total-Count lets the console show progress.
  app.get(
    '/approvals/export',
    {
      onRequest: authenticate,
      schema: {
        summary: "Every approval matching the list's filters, as a CSV or JSON file (streamed)",
        tags,
        querystring: ApprovalExportQuerySchema,
        response: {
          200: fileSchema(
            'The file (Content-Disposition: attachment)',
            { 'text/csv': v.string(), 'application/json': v.array(ApprovalExportRowSchema) },
            {
              'X-Total-Count': {
                description: 'How many rows the file holds (for progress)',
                type: 'integer',
              },
            },
          ),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const userId = currentAuth(request).user.id;
      app.exportSlots.hold(request, reply, userId, 'approval');

      const total = await countApprovals(app.db, query);
      const stream = streamApprovalExport(app.database, query, (error) =>
        request.log.error({ err: error }, 'approval export failed'),
      );
      return reply
        .header(
          'content-type',
          query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="${exportFileName(query.format)}"`)
        .header('x-total-count', String(total))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  // One request at two addresses: POST …/approvals is the API's creation route, …/manual the one
  // the 'New approval request' screen has always called. Both take bills entered by hand and run
  // every rule of that screen (no company linked to QuickBooks, the company's own vendors, bill
  // ids from the server, amounts to the cent); QuickBooks' bills arrive only through the import.
  for (const path of ['/approvals', '/approvals/manual']) {
    app.post(
      path,
      {
        onRequest: moderator,
        schema: {
          summary:
            'Create an approval (PENDING) of bills entered by hand, for a company not connected to QuickBooks (bill ids are the server’s)',
          tags,
          body: ManualApprovalCreateSchema,
          response: { 201: okSchema(ApprovalSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(ok(await createManualApproval(app, currentAuth(request).user, request.body))),
    );
  }

  app.post(
    '/approvals/bulk-approve',
    {
      onRequest: decider,
      schema: {
        summary: 'Approve several approvals (every bill of each); the outcome of each id',
        tags,
        body: BulkApproveSchema,
        response: { 200: okSchema(BulkOutcomeSchema) },
      },
    },
    async (request) => {
      const actor = currentAuth(request).user;
      return ok(await approveEach(app, actor, request.body.ids, await amountStepUp(request)));
    },
  );

  app.post(
    '/approvals/bulk-reject',
    {
      onRequest: decider,
      schema: {
        summary: 'Reject several approvals with one reason; the outcome of each id',
        tags,
        body: BulkRejectSchema,
        response: { 200: okSchema(BulkOutcomeSchema) },
      },
    },
    async (request) => {
      const { ids, rejectionReason } = request.body;
      const actor = currentAuth(request).user;
      return ok(await bulkDecide(ids, (id) => rejectApproval(app, actor, id, rejectionReason)));
    },
  );

  app.get(
    '/approvals/:id',
    {
      onRequest: authenticate,
      schema: { summary: 'Read an approval', tags, params, response: { 200: okSchema(ApprovalSchema) } },
    },
    async (request) => {
      const approval = await getApproval(app.db, request.params.id);
      const viewerDecision = await viewerDecisionOf(
        app.db,
        approval.id,
        currentAuth(request).user,
        app.now(),
      );
      return ok({ ...approval, viewerDecision: viewerDecision ?? null });
    },
  );

  app.put(
    '/approvals/:id',
    {
      onRequest: moderator,
      schema: {
        summary: 'Edit a PENDING approval (priority, manager, recipients; absent = unchanged)',
        tags,
        params,
        body: ApprovalUpdateSchema,
        response: { 200: okSchema(ApprovalSchema) },
      },
    },
    async (request) =>
      ok(await editApproval(app, currentAuth(request).user, request.params.id, request.body)),
  );

  app.delete(
    '/approvals/:id',
    {
      onRequest: requireRole('ADMIN'),
      schema: {
        summary: 'Delete an approval (not once approved: payment records stay)',
        tags,
        params,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await deleteApproval(app, currentAuth(request).user, request.params.id);
      return ok(null);
    },
  );

  // The body is optional: no body (or no approvedBills) approves every bill.
  app.put(
    '/approvals/:id/approve',
    {
      onRequest: decider,
      schema: {
        summary: 'Approve a PENDING approval: all bills, or the approvedBills sent (not its creator)',
        tags,
        params,
        body: v.optional(ApproveSchema, {}),
        response: { 200: okSchema(ApprovalSchema) },
      },
    },
    async (request) =>
      ok(
        await approve(
          app,
          currentAuth(request).user,
          request.params.id,
          request.body,
          await amountStepUp(request),
        ),
      ),
  );

  app.put(
    '/approvals/:id/reject',
    {
      onRequest: decider,
      schema: {
        summary: 'Reject a PENDING approval with a reason',
        tags,
        params,
        body: v.optional(RejectSchema, {}),
        response: { 200: okSchema(ApprovalSchema) },
      },
    },
    async (request) =>
      ok(
        await rejectApproval(app, currentAuth(request).user, request.params.id, request.body.rejectionReason),
      ),
  );

  app.put(
    '/approvals/:id/qb-changes/confirm',
    {
      onRequest: decider,
      schema: {
        summary:
          'Decide again after QuickBooks changed bills of a decided approval: the approved bills and amounts stand (with the reason); its bank file is no longer refused',
        tags,
        params,
        body: QbChangesConfirmSchema,
        response: { 200: okSchema(ApprovalSchema) },
      },
    },
    async (request) =>
      ok(await confirmQbChanges(app, currentAuth(request).user, request.params.id, request.body.reason)),
  );

  app.put(
    '/approvals/:id/qb-changes/reopen',
    {
      onRequest: decider,
      schema: {
        summary:
          "Decide again with QuickBooks' amounts after QuickBooks changed bills of an approved approval (no bank file yet): back to PENDING with the changed bills, the policy chain started again (with the reason)",
        tags,
        params,
        body: QbChangesConfirmSchema,
        response: { 200: okSchema(ApprovalSchema) },
      },
    },
    async (request) =>
      ok(await reopenAfterQbChanges(app, currentAuth(request).user, request.params.id, request.body.reason)),
  );

  app.put(
    '/approvals/:id/recipients',
    {
      onRequest: moderator,
      schema: {
        summary: 'Replace the e-mail recipients of an approval',
        tags,
        params,
        body: ApprovalRecipientsSchema,
        response: { 200: okSchema(ApprovalSchema) },
      },
    },
    async (request) =>
      ok(await setRecipients(app, currentAuth(request).user, request.params.id, request.body.recipients)),
  );

  app.get(
    '/approvals/:id/chain',
    {
      onRequest: authenticate,
      schema: {
        summary:
          "The approval's policy steps: who decided each and when, who the open one waits for, stuck or not",
        tags,
        params,
        response: { 200: okSchema(ApprovalChainSchema) },
      },
    },
    async (request) => {
      const row = await findApprovalRow(app.db, request.params.id);
      if (!row) throw new HttpError(404, ERROR_CODES.notFound, APPROVAL_ERRORS.notFound);
      return ok(await approvalChain(app.db, row, app.now(), currentAuth(request).user));
    },
  );

  app.get(
    '/approvals/:id/history',
    {
      onRequest: authenticate,
      schema: {
        summary: "The approval's history, oldest first (with its bank file steps)",
        tags,
        params,
        response: { 200: okSchema(v.array(ApprovalHistoryEntrySchema)) },
      },
    },
    async (request) => {
      const id = request.params.id;
      await getApproval(app.db, id);
      return ok(await approvalHistory(app.db, currentAuth(request).user.role, id));
    },
  );
}
