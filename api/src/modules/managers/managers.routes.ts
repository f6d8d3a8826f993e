import type { FastifyInstance } from 'fastify';
import { ManagerListQuerySchema } from 'shared-contracts';
import { paged } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { authenticate } from '../../plugins/auth';
import { listManagers } from './managers.repository';

/** /api/manager (SPEC §7 "Managers"); create, edit, link and unlink join this module later. */
export async function managersRoutes(app: FastifyInstance): Promise<void> {
  app.get('/managers', { preHandler: authenticate }, async (request) => {
    const query = parseInput(ManagerListQuerySchema, request.query, 'query');
    const { rows, total } = await listManagers(app.db, query);
    return paged(rows, total, query.page, query.limit);
  });
}
