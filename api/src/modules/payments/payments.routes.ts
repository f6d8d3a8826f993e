import type { FastifyInstance } from 'fastify';
import {
  ApprovalIdParamSchema,
  ApprovalPaymentAccountsSchema,
  BankAccountConfirmSchema,
  BankFileOutcomeSchema,
  COMPANY_ERRORS,
  IdParamSchema,
  PaymentSettingsInputSchema,
  PaymentSettingsSchema,
  VendorAccountCreateSchema,
  VendorAccountParamsSchema,
  VendorAccountSchema,
  VendorAccountsSchema,
  VendorAccountUpdateSchema,
  VendorHistorySchema,
} from 'shared-contracts';
import * as v from 'valibot';
import { ok } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { emptyOkSchema, fileSchema, okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole, requireStepUp } from '../../plugins/auth';
import { advancePayment } from '../../flows/payment-status';
import { generateBankFile } from './bank-files.service';
import { downloadBankFile } from './payment-status.service';
import { getApprovalPaymentAccounts } from './approval-accounts.service';
import { getVendorHistory } from './vendor-history.service';
import { paymentsBoardRoutes } from './payments-board.routes';
import {
  changeVendorAccount,
  confirmSettlementAccount,
  confirmVendorAccount,
  createVendorAccount,
  getPaymentSettings,
  getVendorAccounts,
  removeVendorAccount,
  savePaymentSettings,
} from './payment-accounts.service';

const tags = ['Payments'];
const companyId = (id: number) => existingId(id, COMPANY_ERRORS.notFound);

/**
 * /api/company/companies/{id}/payment-settings and …/vendor-accounts: what a company's bank files
 * need. Reads for every signed-in role (account numbers are masked); changes need
 * MODERATOR, like every other company edit.
 */
export async function companyPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // Every change of where money goes, and every bank file written or read, needs a fresh second
  // factor: a stolen password alone must not redirect or release a payment.
  const moneyChange = requireStepUp('MODERATOR');

  app.get(
    '/companies/:id/payment-settings',
    {
      onRequest: authenticate,
      schema: {
        summary: "A company's bank file settings (null until set)",
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(v.nullable(PaymentSettingsSchema)) },
      },
    },
    async (request) => ok(await getPaymentSettings(app.db, companyId(request.params.id))),
  );

  app.put(
    '/companies/:id/payment-settings',
    {
      onRequest: moneyChange,
      schema: {
        summary: "Set a company's bank file settings (settlementAccount: absent keeps, null removes)",
        tags,
        params: IdParamSchema,
        body: PaymentSettingsInputSchema,
        response: { 200: okSchema(PaymentSettingsSchema) },
      },
    },
    async (request) =>
      ok(
        await savePaymentSettings(app, currentAuth(request).user, companyId(request.params.id), request.body),
      ),
  );

  app.get(
    '/companies/:id/vendor-accounts',
    {
      onRequest: authenticate,
      schema: {
        summary: "A company's vendor bank accounts, and the vendors of unpaid bills that lack one",
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(VendorAccountsSchema) },
      },
    },
    async (request) => ok(await getVendorAccounts(app.db, companyId(request.params.id))),
  );

  app.post(
    '/companies/:id/vendor-accounts',
    {
      onRequest: moneyChange,
      schema: {
        summary: "Add a vendor's bank account",
        tags,
        params: IdParamSchema,
        body: VendorAccountCreateSchema,
        response: { 201: okSchema(VendorAccountSchema) },
      },
    },
    async (request, reply) => {
      const account = await createVendorAccount(
        app,
        currentAuth(request).user,
        companyId(request.params.id),
        request.body,
      );
      return reply.code(201).send(ok(account));
    },
  );

  app.put(
    '/companies/:id/vendor-accounts/:accountId',
    {
      onRequest: moneyChange,
      schema: {
        summary: "Change a vendor's bank account (the number only when sent)",
        tags,
        params: VendorAccountParamsSchema,
        body: VendorAccountUpdateSchema,
        response: { 200: okSchema(VendorAccountSchema) },
      },
    },
    async (request) =>
      ok(
        await changeVendorAccount(
          app,
          currentAuth(request).user,
          companyId(request.params.id),
          existingId(request.params.accountId),
          request.body,
        ),
      ),
  );

  // Dual control: the person confirming names the version they reviewed; someone else entered it.
  app.put(
    '/companies/:id/vendor-accounts/:accountId/confirm',
    {
      onRequest: moneyChange,
      schema: {
        summary: "Confirm a vendor's new or changed bank account (a second person; the version reviewed)",
        tags,
        params: VendorAccountParamsSchema,
        body: BankAccountConfirmSchema,
        response: { 200: okSchema(VendorAccountSchema) },
      },
    },
    async (request) =>
      ok(
        await confirmVendorAccount(
          app,
          currentAuth(request).user,
          companyId(request.params.id),
          existingId(request.params.accountId),
          request.body.version,
        ),
      ),
  );

  app.put(
    '/companies/:id/payment-settings/confirm-settlement',
    {
      onRequest: moneyChange,
      schema: {
        summary: 'Confirm a new settlement account (a second person; the version reviewed)',
        tags,
        params: IdParamSchema,
        body: BankAccountConfirmSchema,
        response: { 200: okSchema(PaymentSettingsSchema) },
      },
    },
    async (request) =>
      ok(
        await confirmSettlementAccount(
          app,
          currentAuth(request).user,
          companyId(request.params.id),
          request.body.version,
        ),
      ),
  );

  app.delete(
    '/companies/:id/vendor-accounts/:accountId',
    {
      onRequest: moneyChange,
      schema: {
        summary: "Remove a vendor's bank account",
        tags,
        params: VendorAccountParamsSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await removeVendorAccount(
        app,
        currentAuth(request).user,
        companyId(request.params.id),
        existingId(request.params.accountId),
      );
      return ok(null);
    },
  );
}

/**
 * /api/bill-approval/approvals/{id}/nacha and the steps after the bank. The file holds
 * account numbers: MODERATOR and up may download it; marking it uploaded or paid is ADMIN's.
 */
export async function bankFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // …/payments-board: the bank files' approvals by where they stand, beside the files themselves.
  await app.register(paymentsBoardRoutes);
  // Writing or reading a bank file (account numbers, and what the bank will pay) needs a fresh factor.
  const bankFile = requireStepUp('MODERATOR');

  app.get(
    '/approvals/:id/nacha',
    {
      onRequest: bankFile,
      schema: {
        summary: 'Download the NACHA bank file of an approval (text/plain, LF line endings)',
        tags,
        params: ApprovalIdParamSchema,
        response: {
          200: fileSchema('The NACHA file (Content-Disposition: attachment)', { 'text/plain': v.string() }),
        },
      },
    },
    async (request, reply) => {
      const file = await downloadBankFile(app, currentAuth(request).user, request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=us-ascii')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  app.get(
    '/approvals/:id/payment-accounts',
    {
      onRequest: authenticate,
      schema: {
        summary: "The bank accounts an approval's bills will be paid to (masked), and those its decision saw",
        tags,
        params: ApprovalIdParamSchema,
        response: { 200: okSchema(ApprovalPaymentAccountsSchema) },
      },
    },
    async (request) => ok(await getApprovalPaymentAccounts(app.db, request.params.id)),
  );

  // Read as the approval is read: the approver weighs the payment against what the vendor was paid before.
  app.get(
    '/approvals/:id/vendor-history',
    {
      onRequest: authenticate,
      schema: {
        summary:
          "What an approval's vendors were paid before (last 5, typical amount) and a recent change of their bank account",
        tags,
        params: ApprovalIdParamSchema,
        response: { 200: okSchema(VendorHistorySchema) },
      },
    },
    async (request) => ok(await getVendorHistory(app.db, request.params.id)),
  );

  app.post(
    '/approvals/:id/nacha',
    {
      onRequest: bankFile,
      schema: {
        summary: 'Generate (or retry) the NACHA bank file of an approved approval',
        tags,
        params: ApprovalIdParamSchema,
        response: { 200: okSchema(BankFileOutcomeSchema) },
      },
    },
    async (request) => ok(await generateBankFile(app, currentAuth(request).user, request.params.id)),
  );

  for (const [path, status, summary] of [
    ['bank-uploaded', 'BANK_UPLOADED', 'Mark the bank file uploaded to the bank (after NACHA_GENERATED)'],
    ['payment-completed', 'PAYMENT_COMPLETED', 'Mark the payment completed (after BANK_UPLOADED)'],
  ] as const) {
    app.put(
      `/approvals/:id/${path}`,
      {
        onRequest: requireRole('ADMIN'),
        schema: {
          summary,
          tags,
          params: ApprovalIdParamSchema,
          response: { 200: okSchema(v.object({ status: v.literal(status) })) },
        },
      },
      async (request) => {
        await advancePayment(app, currentAuth(request).user, request.params.id, status);
        return ok({ status });
      },
    );
  }
}
