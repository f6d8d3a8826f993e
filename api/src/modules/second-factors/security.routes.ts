import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FactorAddedSchema,
  IdParamSchema,
  PasskeyRegisterSchema,
  RecoveryCodesSchema,
  SECOND_FACTOR_ERRORS,
  SecurityOverviewSchema,
  TotpConfirmSchema,
  TotpEnrolmentSchema,
  WebAuthnOptionsSchema,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { emptyOkSchema, okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, ensureFreshFactor, requireStepUp } from '../../plugins/auth';
import type { SecondFactorDuty } from '../../ports/second-factor-duty';
import {
  confirmTotp,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  registerPasskey,
  removeFactor,
  securityOverview,
  startTotpEnrolment,
} from './security.service';

const tags = ['Security'];

/**
 * Adding a factor to an account that has one needs a fresh factor: otherwise whoever finds a
 * session left open adds an authenticator of their own, which outlives the session. A person
 * enrolling their first factor has none to give, and one who signed in with a recovery code (their
 * device lost) must enrol a new one and cannot step up with the old: the recovery code vouches.
 */
async function freshIfEnrolled(request: FastifyRequest): Promise<void> {
  const auth = currentAuth(request);
  if (auth.enrolment?.reason === 'recovery') return;
  const { db, hasSecondFactor } = request.server;
  if (await hasSecondFactor(db, auth.user.id)) await ensureFreshFactor(request);
}

/**
 * /api/user/security: the signed-in person's own second factors (every role). Removing one,
 * new recovery codes and adding a factor beside one need a fresh factor (step-up). `duty` says who must have one (app.ts gives it
 * from flows/second-factor-duty.ts).
 */
export function securityRoutes(duty: SecondFactorDuty) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ValibotTypeProvider>();

    app.get(
      '/security',
      {
        onRequest: authenticate,
        schema: {
          summary:
            'The signed-in person’s second factors, recovery codes left, and whether they must have one',
          tags,
          response: { 200: okSchema(SecurityOverviewSchema) },
        },
      },
      async (request) => ok(await securityOverview(app, currentAuth(request).user, duty)),
    );

    app.post(
      '/security/totp',
      {
        onRequest: [authenticate, freshIfEnrolled],
        schema: {
          summary: 'Start adding an authenticator app: a new secret (5 minutes to confirm it)',
          tags,
          response: { 200: okSchema(TotpEnrolmentSchema) },
        },
      },
      async (request) => ok(await startTotpEnrolment(app, currentAuth(request).user)),
    );

    app.post(
      '/security/totp/confirm',
      {
        onRequest: authenticate,
        schema: {
          summary: 'Add the authenticator app whose current code this is',
          tags,
          body: TotpConfirmSchema,
          response: { 200: okSchema(FactorAddedSchema) },
        },
      },
      async (request) => ok(await confirmTotp(app, currentAuth(request), request.body)),
    );

    app.post(
      '/security/passkeys/options',
      {
        onRequest: [authenticate, freshIfEnrolled],
        schema: {
          summary: 'Options to register a passkey (5 minutes to answer them)',
          tags,
          response: { 200: okSchema(WebAuthnOptionsSchema) },
        },
      },
      async (request) => ok(await passkeyRegistrationOptions(app, currentAuth(request).user)),
    );

    app.post(
      '/security/passkeys',
      {
        onRequest: authenticate,
        schema: {
          summary: 'Add the passkey the browser registered',
          tags,
          body: PasskeyRegisterSchema,
          response: { 200: okSchema(FactorAddedSchema) },
        },
      },
      async (request) => ok(await registerPasskey(app, currentAuth(request), request.body)),
    );

    app.delete(
      '/security/factors/:id',
      {
        onRequest: requireStepUp(),
        schema: {
          summary: 'Remove a second factor (needs a step-up; every other session signs out)',
          tags,
          params: IdParamSchema,
          response: { 200: emptyOkSchema },
        },
      },
      async (request) => {
        await removeFactor(
          app,
          currentAuth(request),
          existingId(request.params.id, SECOND_FACTOR_ERRORS.factorNotFound),
        );
        return ok(null);
      },
    );

    app.post(
      '/security/recovery-codes',
      {
        onRequest: requireStepUp(),
        schema: {
          summary: 'New recovery codes (needs a step-up); the old ones stop working',
          tags,
          response: { 200: okSchema(RecoveryCodesSchema) },
        },
      },
      async (request) => ok(await regenerateRecoveryCodes(app, currentAuth(request).user)),
    );
  };
}
