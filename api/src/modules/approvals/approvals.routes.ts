import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApprovalCreateSchema,
  ApprovalExportQuerySchema,
  ApprovalIdParamSchema,
  ApprovalListQuerySchema,
  ApprovalRecipientsSchema,
  ApprovalUpdateSchema,
  ApproveSchema,
  BulkApproveSchema,
  BulkRejectSchema,
  RejectSchema,
} from 'shared-contracts';
import { ok, paged } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { exportFileName, streamApprovalExport } from './approvals.export';
import { approvalHistory, approvalStats, countApprovals, listApprovals } from './approvals.repository';
import {
  approveApproval,
  bulkDecide,
  createApproval,
  deleteApproval,
  editApproval,
  getApproval,
  rejectApproval,
  setRecipients,
} from './approvals.service';

const approvalId = (request: FastifyRequest) =>
  parseInput(ApprovalIdParamSchema, request.params, 'params').id;

/**
 * /api/bill-approval (SPEC §7 "Approvals"). Reads: every signed-in role. Decisions (approve,
 * reject, bulk): USER and up, never the creator for approve. Create, edit, recipients: MODERATOR
 * and up. Delete: ADMIN (DESIGN "Access").
 */
export async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  const decider = { preHandler: requireRole('USER') };
  const moderator = { preHandler: requireRole('MODERATOR') };

  app.get('/approvals', { preHandler: authenticate }, async (request) => {
    const query = parseInput(ApprovalListQuerySchema, request.query, 'query');
    const { rows, total } = await listApprovals(app.db, query);
    return paged(rows, total, query.page, query.limit);
  });

  app.get('/approvals/stats', { preHandler: authenticate }, async () => ok(await approvalStats(app.db)));

  // Every matching row (no page, no cap), streamed; X-Total-Count lets the console show progress.
  app.get('/approvals/export', { preHandler: authenticate }, async (request, reply) => {
    const query = parseInput(ApprovalExportQuerySchema, request.query, 'query');
    const total = await countApprovals(app.db, query);
    const stream = streamApprovalExport(app.db, query, (error) =>
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
  });

  app.post('/approvals', moderator, async (request, reply) => {
    const input = parseInput(ApprovalCreateSchema, request.body);
    return reply.code(201).send(ok(await createApproval(app, currentAuth(request).user, input)));
  });

  app.post('/approvals/bulk-approve', decider, async (request) => {
    const { ids } = parseInput(BulkApproveSchema, request.body);
    const actor = currentAuth(request).user;
    return ok(await bulkDecide(ids, (id) => approveApproval(app, actor, id, {})));
  });

  app.post('/approvals/bulk-reject', decider, async (request) => {
    const { ids, rejectionReason } = parseInput(BulkRejectSchema, request.body);
    const actor = currentAuth(request).user;
    return ok(await bulkDecide(ids, (id) => rejectApproval(app, actor, id, rejectionReason)));
  });

  app.get('/approvals/:id', { preHandler: authenticate }, async (request) =>
    ok(await getApproval(app.db, approvalId(request))),
  );

  app.put('/approvals/:id', moderator, async (request) => {
    const id = approvalId(request);
    const input = parseInput(ApprovalUpdateSchema, request.body);
    return ok(await editApproval(app, currentAuth(request).user, id, input));
  });

  app.delete('/approvals/:id', { preHandler: requireRole('ADMIN') }, async (request) => {
    await deleteApproval(app, currentAuth(request).user, approvalId(request));
    return ok(null);
  });

  // The body is optional: no body (or no approvedBills) approves every bill.
  app.put('/approvals/:id/approve', decider, async (request) => {
    const id = approvalId(request);
    const input = parseInput(ApproveSchema, request.body ?? {});
    return ok(await approveApproval(app, currentAuth(request).user, id, input));
  });

  app.put('/approvals/:id/reject', decider, async (request) => {
    const id = approvalId(request);
    const { rejectionReason } = parseInput(RejectSchema, request.body ?? {});
    return ok(await rejectApproval(app, currentAuth(request).user, id, rejectionReason));
  });

  app.put('/approvals/:id/recipients', moderator, async (request) => {
    const id = approvalId(request);
    const { recipients } = parseInput(ApprovalRecipientsSchema, request.body);
    return ok(await setRecipients(app, currentAuth(request).user, id, recipients));
  });

  app.get('/approvals/:id/history', { preHandler: authenticate }, async (request) => {
    const id = approvalId(request);
    await getApproval(app.db, id);
    return ok(await approvalHistory(app.db, id));
  });
}
