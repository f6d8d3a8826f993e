import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { approvalPolicyRoutes, outOfOfficeRoutes } from './modules/approvals/approval-policy.routes';
import { scheduleApprovalExpiry } from './modules/approvals/approvals.expiry';
import { qbBillPaymentRoutes } from './modules/quickbooks/qb-bill-payments.routes';
import { qbConnectRoutes } from './modules/quickbooks/qb-connect.routes';
import { registerQbSyncJobs } from './modules/quickbooks/qb-sync.jobs';
import { qbSyncRoutes } from './modules/quickbooks/qb-sync.routes';
import { qbWebhookRoutes } from './modules/quickbooks/qb-webhooks.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionsRoutes, userSessionsRoutes } from './modules/auth/sessions.routes';
import { factorResetRoutes } from './modules/second-factors/factor-reset.routes';
import { secondFactorAuthRoutes } from './modules/second-factors/second-factors.routes';
import { securityRoutes } from './modules/second-factors/security.routes';
import { hasSecondFactor } from './modules/second-factors/security.service';
import { enrolmentDeadline } from './modules/second-factors/enrolment.service';
import type { EnrolmentDeadline } from './ports/second-factor-enrolment';
import { mustHaveSecondFactor } from './flows/second-factor-duty';
import { companiesRoutes } from './modules/companies/companies.routes';
import { ExportSlots } from './http/export-slots';
import { auditRoutes } from './modules/audit/audit.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createRereadQueue } from './modules/live/live.conditional';
import { LiveHub } from './modules/live/live.hub';
import { DatabaseListener } from './db/listener';
import { AuthCache } from './sessions/auth-cache';
import { liveRoutes } from './modules/live/live.routes';
import { managersRoutes } from './modules/managers/managers.routes';
import { bankFileRoutes, companyPaymentRoutes } from './modules/payments/payments.routes';
import { bankReturnRoutes } from './modules/payments/bank-returns.routes';
import { bankReconciliationRoutes } from './modules/payments/bank-reconciliation.routes';
import { bankSimulatorRoutes, bankSimulatorStatusRoutes } from './modules/payments/bank-simulator.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerAccessLog, serializeRequest } from './plugins/access-log';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerJsonBodyParser } from './plugins/body-parser';
import { clientErrorHandler, frameworkErrors } from './plugins/client-errors';
import { registerCompression } from './plugins/compression';
import { registerCors } from './plugins/cors';
import { registerDatabase } from './plugins/db';
import { registerErrorHandler, sendApiNotFound } from './plugins/errors';
import { registerFrontends } from './plugins/frontends';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serializerCompiler, validatorCompiler } from './http/valibot-type-provider';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    now: () => Date;
    enrolmentDeadline: EnrolmentDeadline;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened (and migrated) by the caller, who also closes it: main.ts or the test helper. */
  database: DatabaseHandle;
  /** Fastify logger option; main passes a level, tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Serve host/remotes builds and the SPA fallback (default true). */
  serveFrontends?: boolean;
  /** Run the approval expiry sweep at start and then hourly (default true). */
  approvalSweep?: boolean;
  /** Sees every route as it is registered (the route-completeness test reads the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** The clock of time-dependent rules (approval escalation, out of office); tests inject one. */
  now?: () => Date;
}

/** 1 MiB: far above any form of the console; larger bodies get 413. */
const BODY_LIMIT = 1024 * 1024;

/** The whole HTTP API, ready for `listen` (main.ts) or `inject` (tests). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = options.logger ?? { level: config.logLevel };
  const timeouts = config.http;
  const app = Fastify({
    // The access log's request line with secrets in the query string redacted (plugins/access-log.ts).
    logger:
      typeof logger === 'object'
        ? { ...logger, serializers: { req: serializeRequest, ...logger.serializers } }
        : logger,
    // One access-log line per request, written when it completes (registerAccessLog), instead of
    // Fastify's two ('incoming request' and 'request completed'): half the logging per request.
    // (Errors are still logged by the error handler, plugins/errors.ts.)
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // A client may not hold a socket by sending slowly: the whole request (headers and body) must
    // arrive within requestMs (then 408), a silent socket closes after idleMs, an idle keep-alive
    // connection after keepAliveMs. Node checks the request deadline every
    // connectionsCheckingInterval, so that is a fraction of it.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(timeouts.requestMs / 4))),
    },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // While a process shuts down gracefully (a restart behind a load balancer), a request that still
    // arrives on an open keep-alive connection is answered normally, with `Connection: close`.
    // Fastify's own alternative is a bare 503 outside the envelope, which the client would have to
    // treat as a failure although the other processes are healthy (measured by `pnpm test:soak`).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Routes declare shared-contracts valibot schemas: validate and serialize with them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('now', options.now ?? (() => new Date()));
  registerDatabase(app, database);
  // One LISTEN connection for the process: the live console's events are read from the log when
  // the database says one was committed; the sign-in cache forgets a user whose account or
  // sessions changed.
  const listener = new DatabaseListener(database, app.log);
  app.decorate('dbListener', listener);
  // The hub reads the event log (and the figures its events carry) on a connection of its own: a
  // thousand consoles' re-reads queued in the pool after each change would otherwise hold back the
  // delivery of the next one.
  const liveDatabase = database.ownConnection();
  const liveHub = new LiveHub(
    liveDatabase,
    listener,
    app.log,
    config.liveEvents.logSize,
    config.liveEvents.safetyPollMs,
  );
  app.decorate('liveHub', liveHub);
  app.decorate('rereads', createRereadQueue(database));
  const authCache = new AuthCache(listener);
  app.decorate('authCache', authCache);
  app.decorate('exportSlots', new ExportSlots(config.approvalExport));
  // Sent after the handler's transaction committed: the sign-in cache waits for the database's
  // notifications of this write before it answers from memory again.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') authCache.noteLocalWrite();
    done(null, payload);
  });
  // A write this process answers is in its data version before the answer leaves (the log is read
  // once more), so the writer's next read is never a 304 of what it had before.
  app.addHook('onSend', async (request, reply, payload) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (write && reply.statusCode < 400) {
      await liveHub.readCommitted();
    }
    return payload;
  });
  app.addHook('onReady', async () => {
    await liveHub.start();
    await listener.start();
  });
  app.addHook('preClose', (done) => {
    liveHub.endStreams();
    done();
  });
  app.addHook('onClose', async () => {
    await liveHub.close();
    await listener.close();
    await liveDatabase.close();
  });
  registerAccessLog(app);
  registerAuth(app, config, { hasSecondFactor });
  // Asked whenever an access token is issued: who must add a second factor first (the duty is the
  // approvals' to know, given through its flow).
  app.decorate<EnrolmentDeadline>('enrolmentDeadline', (db, user) =>
    enrolmentDeadline(app, db, user, mustHaveSecondFactor),
  );
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerCors(app, config.corsOrigins);
  await registerSecurityHeaders(app, config);
  // Every /api route, in one context that compresses its answers (plugins/compression.ts).
  await app.register(async (api) => {
    await registerCompression(api);
    // Before the routes: the API description is generated from their declarations as they are added.
    await registerApiDocs(api, config);
    await api.register(authRoutes, { prefix: '/api/auth' });
    await api.register(sessionsRoutes, { prefix: '/api/auth' });
    await api.register(secondFactorAuthRoutes, { prefix: '/api/auth' });
    await api.register(securityRoutes(mustHaveSecondFactor), { prefix: '/api/user' });
    await api.register(usersRoutes, { prefix: '/api/user' });
    await api.register(userSessionsRoutes, { prefix: '/api/user' });
    await api.register(factorResetRoutes, { prefix: '/api/user' });
    await api.register(companiesRoutes, { prefix: '/api/company' });
    await api.register(companyPaymentRoutes, { prefix: '/api/company' });
    await api.register(qbConnectRoutes, { prefix: '/api/company' });
    await api.register(qbSyncRoutes, { prefix: '/api/company' });
    await api.register(qbWebhookRoutes, { prefix: '/api/quickbooks' });
    await api.register(bankFileRoutes, { prefix: '/api/bill-approval' });
    await api.register(qbBillPaymentRoutes, { prefix: '/api/bill-approval' });
    await api.register(bankReturnRoutes, { prefix: '/api/bank-returns' });
    await api.register(bankReconciliationRoutes, { prefix: '/api/bank-files' });
    await api.register(bankSimulatorStatusRoutes, { prefix: '/api/bank-returns' });
    await api.register(bankSimulatorRoutes, { prefix: '/api/bill-approval' });
    await api.register(managersRoutes, { prefix: '/api/manager' });
    await api.register(approvalsRoutes, { prefix: '/api/bill-approval' });
    await api.register(approvalPolicyRoutes, { prefix: '/api/company' });
    await api.register(outOfOfficeRoutes, { prefix: '/api/user' });
    await api.register(dashboardRoutes, { prefix: '/api/dashboard' });
    await api.register(auditRoutes, { prefix: '/api/audit' });
    await api.register(healthRoutes, { prefix: '/api/health' });
    await api.register(liveRoutes, { prefix: '/api/events' });
  });

  if (options.approvalSweep ?? true) scheduleApprovalExpiry(app);
  registerQbSyncJobs(app);

  if (options.serveFrontends ?? true) {
    await registerFrontends(app, config);
  } else {
    app.setNotFoundHandler(async (_request, reply) => sendApiNotFound(reply));
  }
  return app;
}
