import type { FastifyInstance } from 'fastify';
import {
  PasskeyOptionsInputSchema,
  SecondStepInputSchema,
  SecondStepResultSchema,
  StepUpInputSchema,
  StepUpOptionsSchema,
  StepUpResultSchema,
  WebAuthnOptionsSchema,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth } from '../../plugins/auth';
import { passkeyOptionsForTicket, passSecondStep } from './second-step.service';
import { stepUp, stepUpOptions } from './step-up.service';

const tags = ['Auth'];

/** /api/auth: the second step of sign-in (public: the ticket is the credential) and step-up. */
export async function secondFactorAuthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/second-step/passkey-options',
    {
      schema: {
        summary: 'A passkey challenge for the second step of this sign-in',
        tags,
        body: PasskeyOptionsInputSchema,
        response: { 200: okSchema(WebAuthnOptionsSchema) },
      },
    },
    async (request) => ok(await passkeyOptionsForTicket(app, request.body.ticket)),
  );

  app.post(
    '/second-step',
    {
      schema: {
        summary: 'Finish a sign-in with a second factor (authenticator code, passkey or recovery code)',
        tags,
        body: SecondStepInputSchema,
        response: { 200: okSchema(SecondStepResultSchema) },
      },
    },
    async (request) =>
      ok(
        await passSecondStep(app, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  app.post(
    '/step-up/options',
    {
      onRequest: authenticate,
      schema: {
        summary: 'What the signed-in person can confirm a step-up with (a passkey challenge included)',
        tags,
        response: { 200: okSchema(StepUpOptionsSchema) },
      },
    },
    async (request) => ok(await stepUpOptions(app, currentAuth(request))),
  );

  app.post(
    '/step-up',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Give a second factor again: an access token whose auth_time is now',
        tags,
        body: StepUpInputSchema,
        response: { 200: okSchema(StepUpResultSchema) },
      },
    },
    async (request) => ok(await stepUp(app, currentAuth(request), request.body)),
  );
}
