import * as v from 'valibot';
import { isValidRoutingNumber } from './banking';
import { intFromString } from './common';
import { singleLine } from './form-fields';

/**
 * What a company needs before the console can write its bank files: its originator settings (who
 * sends the file, through which bank) and its vendors' bank accounts, keyed by the QuickBooks vendor
 * of the bills (`VendorRef.value`). Account numbers are write-only: answers carry the last 4 digits.
 */

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** NACHA field lengths. */
export const ACH_COMPANY_NAME_MAX = 16;
export const ACH_ENTRY_DESCRIPTION_MAX = 10;
export const ACH_BANK_NAME_MAX = 23;
export const DEFAULT_ENTRY_DESCRIPTION = 'VENDOR PAY';

export const PAYMENT_MESSAGES = {
  routingNumber: 'Enter a valid 9-digit routing number',
  accountNumber: 'Account number must be 4 to 17 digits',
  accountType: 'Account type must be checking or savings',
  companyIdentification: 'Company identification is 10 characters: 1 followed by the 9-digit EIN',
  achCompanyNameRequired: 'ACH company name is required',
  achCompanyNameTooLong: `ACH company name must be at most ${ACH_COMPANY_NAME_MAX} characters`,
  entryDescriptionRequired: 'Entry description is required',
  entryDescriptionTooLong: `Entry description must be at most ${ACH_ENTRY_DESCRIPTION_MAX} characters`,
  odfiNameRequired: 'Bank name is required',
  odfiNameTooLong: `Bank name must be at most ${ACH_BANK_NAME_MAX} characters`,
  originNameRequired: 'Originator name is required',
  qbBankAccountId: 'The QuickBooks bank account must be its QuickBooks Account Id (digits)',
  originNameTooLong: `Originator name must be at most ${ACH_BANK_NAME_MAX} characters`,
  vendorRefRequired: 'Vendor is required',
  vendorNameRequired: 'Vendor name is required',
  /** 409 on vendorRef. */
  vendorAccountExists: 'This vendor already has a bank account',
  vendorAccountNotFound: 'Vendor bank account not found',
  printable: 'Use letters, digits, spaces and common punctuation only',
  /** Dual control of bank accounts: the person who entered an account cannot confirm it. */
  confirmOwnChange: 'You entered this bank account, so someone else must confirm it',
  confirmRegisteredBy:
    'This bank account was entered by the account that registered yours, so someone else must confirm it',
  confirmRegisteredByYou:
    'This bank account was entered by an account you registered, so someone else must confirm it',
  alreadyConfirmed: 'This bank account is already confirmed',
  staleVersion: 'This bank account changed since you looked at it; review it again before confirming',
  noSettlementAccount: 'This company has no settlement account to confirm',
} as const;

/** A bank account is PENDING from the moment it is entered or changed until a second person confirms it. */
export const BANK_ACCOUNT_STATUSES = ['PENDING', 'CONFIRMED'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];

/** A person named in a bank account's history: the account id and e-mail identify them, the name is theirs to choose. */
export const PersonRefSchema = v.object({ id: v.number(), name: v.string(), email: v.string() });
export type PersonRef = v.InferOutput<typeof PersonRefSchema>;

/** Who entered the account's current details and who confirmed them (null: not yet). */
export const BankAccountControlSchema = v.object({
  /** Increases with every change of the account's details; a confirmation names the version it saw. */
  version: v.number(),
  status: v.picklist(BANK_ACCOUNT_STATUSES),
  changedAt: v.string(),
  changedBy: v.nullable(PersonRefSchema),
  confirmedAt: v.nullable(v.string()),
  confirmedBy: v.nullable(PersonRefSchema),
});
export type BankAccountControl = v.InferOutput<typeof BankAccountControlSchema>;

/** PUT …/vendor-accounts/{accountId}/confirm and …/payment-settings/confirm-settlement. */
export const BankAccountConfirmSchema = v.object({
  version: v.pipe(
    v.number('version must be the version of the account you reviewed'),
    v.integer('version must be the version of the account you reviewed'),
    v.minValue(1, 'version must be the version of the account you reviewed'),
    v.maxValue(2_147_483_647, 'version must be the version of the account you reviewed'),
  ),
});
export type BankAccountConfirm = v.InferOutput<typeof BankAccountConfirmSchema>;

/** What a bank file can carry: printable ASCII. */
const PRINTABLE = /^[\x20-\x7e]*$/;

const bankText = (required: string, tooLong: string, max: number) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, tooLong),
    v.regex(PRINTABLE, PAYMENT_MESSAGES.printable),
  );

export const RoutingNumberSchema = v.pipe(
  v.string(PAYMENT_MESSAGES.routingNumber),
  v.trim(),
  v.check(isValidRoutingNumber, PAYMENT_MESSAGES.routingNumber),
);

export const AccountNumberSchema = v.pipe(
  v.string(PAYMENT_MESSAGES.accountNumber),
  v.trim(),
  v.regex(/^\d{4,17}$/, PAYMENT_MESSAGES.accountNumber),
);

export const AccountTypeSchema = v.picklist(BANK_ACCOUNT_TYPES, PAYMENT_MESSAGES.accountType);

/** PUT …/companies/{id}/payment-settings. `settlementAccount`: absent keeps it, null removes it. */
export const PaymentSettingsInputSchema = v.object({
  odfiRoutingNumber: RoutingNumberSchema,
  odfiName: bankText(PAYMENT_MESSAGES.odfiNameRequired, PAYMENT_MESSAGES.odfiNameTooLong, ACH_BANK_NAME_MAX),
  companyIdentification: v.pipe(
    v.string(PAYMENT_MESSAGES.companyIdentification),
    v.trim(),
    v.regex(/^1\d{9}$/, PAYMENT_MESSAGES.companyIdentification),
  ),
  achCompanyName: bankText(
    PAYMENT_MESSAGES.achCompanyNameRequired,
    PAYMENT_MESSAGES.achCompanyNameTooLong,
    ACH_COMPANY_NAME_MAX,
  ),
  entryDescription: v.optional(
    bankText(
      PAYMENT_MESSAGES.entryDescriptionRequired,
      PAYMENT_MESSAGES.entryDescriptionTooLong,
      ACH_ENTRY_DESCRIPTION_MAX,
    ),
    DEFAULT_ENTRY_DESCRIPTION,
  ),
  originName: bankText(
    PAYMENT_MESSAGES.originNameRequired,
    PAYMENT_MESSAGES.originNameTooLong,
    ACH_BANK_NAME_MAX,
  ),
  settlementAccount: v.optional(
    v.nullable(v.object({ accountNumber: AccountNumberSchema, accountType: AccountTypeSchema })),
  ),
  /**
   * The company's bank account in QuickBooks (its Account Id) that payments recorded back in
   * QuickBooks are paid from; absent keeps it, null or '' removes it.
   */
  qbBankAccountId: v.optional(
    v.nullable(
      v.pipe(
        v.string(PAYMENT_MESSAGES.qbBankAccountId),
        v.trim(),
        v.transform((text) => (text === '' ? null : text)),
        v.nullable(v.pipe(v.string(), v.regex(/^[1-9]\d{0,19}$/, PAYMENT_MESSAGES.qbBankAccountId))),
      ),
    ),
  ),
});
export type PaymentSettingsInput = v.InferOutput<typeof PaymentSettingsInputSchema>;

/** A masked account: what leaves the server. */
export const MaskedAccountSchema = v.object({
  last4: v.string(),
  accountType: AccountTypeSchema,
  control: v.optional(BankAccountControlSchema),
});

export const PaymentSettingsSchema = v.object({
  companyId: v.number(),
  odfiRoutingNumber: v.string(),
  odfiName: v.string(),
  companyIdentification: v.string(),
  achCompanyName: v.string(),
  entryDescription: v.string(),
  originName: v.string(),
  settlementAccount: v.nullable(MaskedAccountSchema),
  /** The QuickBooks bank account (Account Id) payments are recorded from; null until set. */
  qbBankAccountId: v.optional(v.nullable(v.string()), null),
  updatedAt: v.string(),
});
export type PaymentSettings = v.InferOutput<typeof PaymentSettingsSchema>;

const vendorRef = v.pipe(
  v.string(PAYMENT_MESSAGES.vendorRefRequired),
  v.trim(),
  v.nonEmpty(PAYMENT_MESSAGES.vendorRefRequired),
  v.maxLength(100, 'Vendor reference must be at most 100 characters'),
  singleLine('Vendor reference'),
);
const vendorName = v.pipe(
  v.string(PAYMENT_MESSAGES.vendorNameRequired),
  v.trim(),
  v.nonEmpty(PAYMENT_MESSAGES.vendorNameRequired),
  v.maxLength(255, 'Vendor name must be at most 255 characters'),
  singleLine('Vendor name'),
);

/** POST …/companies/{id}/vendor-accounts. */
export const VendorAccountCreateSchema = v.object({
  vendorRef,
  vendorName,
  routingNumber: RoutingNumberSchema,
  accountNumber: AccountNumberSchema,
  accountType: AccountTypeSchema,
});
export type VendorAccountCreate = v.InferOutput<typeof VendorAccountCreateSchema>;

/** PUT …/vendor-accounts/{accountId}: the account number only when it changes. */
export const VendorAccountUpdateSchema = v.object({
  vendorName,
  routingNumber: RoutingNumberSchema,
  accountNumber: v.optional(AccountNumberSchema),
  accountType: AccountTypeSchema,
});
export type VendorAccountUpdate = v.InferOutput<typeof VendorAccountUpdateSchema>;

/** The return that blocked the account as it stands (null: not blocked). */
export const VendorAccountBlockSchema = v.object({
  code: v.string(),
  description: v.string(),
  blockedAt: v.string(),
});
export type VendorAccountBlock = v.InferOutput<typeof VendorAccountBlockSchema>;

/**
 * The latest notification of change the bank sent about the account (null: none). It is kept after
 * the change is confirmed, as the record of why the account changed (the control's status says
 * whether the change still waits for a second person), and cleared by the next hand-made change.
 */
export const VendorAccountCorrectionSchema = v.object({
  code: v.string(),
  description: v.string(),
  receivedAt: v.string(),
});
export type VendorAccountCorrection = v.InferOutput<typeof VendorAccountCorrectionSchema>;

export const VendorAccountSchema = v.object({
  id: v.number(),
  companyId: v.number(),
  vendorRef: v.string(),
  vendorName: v.string(),
  routingNumber: v.string(),
  accountLast4: v.string(),
  accountType: AccountTypeSchema,
  control: BankAccountControlSchema,
  blocked: v.optional(v.nullable(VendorAccountBlockSchema), null),
  correction: v.optional(v.nullable(VendorAccountCorrectionSchema), null),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type VendorAccount = v.InferOutput<typeof VendorAccountSchema>;

/** A vendor of the company's unpaid bills with no bank account yet. */
export const MissingVendorSchema = v.object({
  vendorRef: v.string(),
  vendorName: v.string(),
  billCount: v.number(),
});
export type MissingVendor = v.InferOutput<typeof MissingVendorSchema>;

export const VendorAccountsSchema = v.object({
  accounts: v.array(VendorAccountSchema),
  missingVendors: v.array(MissingVendorSchema),
});
export type VendorAccounts = v.InferOutput<typeof VendorAccountsSchema>;

/** …/vendor-accounts/{accountId}. */
export const VendorAccountParamsSchema = v.object({
  id: intFromString('The id must be a positive whole number'),
  accountId: intFromString('The account id must be a positive whole number'),
});

/** POST …/approvals/{id}/nacha: what the generation did. */
export const BankFileOutcomeSchema = v.object({
  status: v.picklist(['NACHA_GENERATED', 'APPROVED']),
  /** 'GENERATED', or exactly what is missing. */
  nachaProcessingStatus: v.string(),
});
export type BankFileOutcome = v.InferOutput<typeof BankFileOutcomeSchema>;

/** The account a vendor's bills will be paid to, as the approval page shows it. */
export const PaymentAccountViewSchema = v.object({
  routingNumber: v.string(),
  accountLast4: v.string(),
  accountType: AccountTypeSchema,
  version: v.number(),
});
export type PaymentAccountView = v.InferOutput<typeof PaymentAccountViewSchema>;

/** GET …/approvals/{id}/payment-accounts: per vendor of the approval's bills. */
export const ApprovalPaymentAccountSchema = v.object({
  vendorRef: v.nullable(v.string()),
  vendorName: v.string(),
  billIds: v.array(v.string()),
  /** What a file would pay now (null: no account yet). */
  account: v.nullable(
    v.object({
      ...PaymentAccountViewSchema.entries,
      control: BankAccountControlSchema,
      blocked: v.optional(v.nullable(VendorAccountBlockSchema), null),
      correction: v.optional(v.nullable(VendorAccountCorrectionSchema), null),
    }),
  ),
  /** What the decision saw (null: not decided, or no account then). */
  decided: v.nullable(PaymentAccountViewSchema),
  /** The account changed after the decision: its file is refused. */
  changedSinceDecision: v.boolean(),
  /** Why a bank file would not pay this vendor now, in words (blocked, correction pending…); null: nothing. */
  heldReason: v.optional(v.nullable(v.string()), null),
});
export type ApprovalPaymentAccount = v.InferOutput<typeof ApprovalPaymentAccountSchema>;
export const ApprovalPaymentAccountsSchema = v.object({ accounts: v.array(ApprovalPaymentAccountSchema) });
export type ApprovalPaymentAccounts = v.InferOutput<typeof ApprovalPaymentAccountsSchema>;

// ---- forms (the console's Payments card) ------------------------------------------------------

/** What the settings form does with the settlement account. */
export const SETTLEMENT_CHOICES = ['keep', 'none', 'new'] as const;

/**
 * The bank file settings form: the API's fields, plus how to treat the settlement account (keep
 * the stored one, none, or a new number). `paymentSettingsFormToInput` turns it into the PUT body.
 */
export const PaymentSettingsFormSchema = v.pipe(
  v.object({
    ...PaymentSettingsInputSchema.entries,
    entryDescription: bankText(
      PAYMENT_MESSAGES.entryDescriptionRequired,
      PAYMENT_MESSAGES.entryDescriptionTooLong,
      ACH_ENTRY_DESCRIPTION_MAX,
    ),
    settlementAccount: v.optional(v.undefined()),
    settlementChoice: v.picklist(SETTLEMENT_CHOICES),
    settlementAccountNumber: v.pipe(v.string(), v.trim()),
    settlementAccountType: AccountTypeSchema,
  }),
  v.forward(
    v.partialCheck(
      [['settlementChoice'], ['settlementAccountNumber']],
      (input) => input.settlementChoice !== 'new' || /^\d{4,17}$/.test(input.settlementAccountNumber),
      PAYMENT_MESSAGES.accountNumber,
    ),
    ['settlementAccountNumber'],
  ),
);
export type PaymentSettingsFormInput = v.InferInput<typeof PaymentSettingsFormSchema>;
export type PaymentSettingsFormOutput = v.InferOutput<typeof PaymentSettingsFormSchema>;

export function paymentSettingsFormToInput(form: PaymentSettingsFormOutput): PaymentSettingsInput {
  const { settlementChoice, settlementAccountNumber, settlementAccountType, ...fields } = form;
  return {
    ...fields,
    settlementAccount:
      settlementChoice === 'keep'
        ? undefined
        : settlementChoice === 'none'
          ? null
          : { accountNumber: settlementAccountNumber, accountType: settlementAccountType },
  };
}

/** Editing a vendor account: an empty account number keeps the stored one. */
export const VendorAccountEditFormSchema = v.object({
  ...VendorAccountUpdateSchema.entries,
  accountNumber: v.pipe(
    v.string(),
    v.trim(),
    v.transform((value) => (value === '' ? undefined : value)),
    v.optional(AccountNumberSchema),
  ),
});
