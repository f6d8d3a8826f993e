-- A payment the bank returned must not stay paid in QuickBooks: the BillPayment the console
-- recorded for the bill is deleted there, so the bill is open again and is not taken for paid.
-- `deletion` is that second life of the row, kept apart from `status` (what creating it came to):
-- 'pending' while the deletion is to be sent, then 'deleted' or 'failed' (QuickBooks refused it,
-- `delete_error` says why); 'cancelled' when the return came before the BillPayment was created,
-- which then is never sent. `delete_request_id` is the delete's own requestid (the create's
-- answers the create); `delete_sync_token` the SyncToken the last delete was sent with, written
-- before it is sent, so a delete whose answer was lost is sent again the same way and QuickBooks
-- answers it as the first time.
ALTER TABLE "qb_bill_payments" ADD COLUMN "deletion" varchar(16);--> statement-breakpoint
ALTER TABLE "qb_bill_payments" ADD COLUMN "delete_request_id" uuid;--> statement-breakpoint
ALTER TABLE "qb_bill_payments" ADD COLUMN "delete_sync_token" varchar(20);--> statement-breakpoint
ALTER TABLE "qb_bill_payments" ADD COLUMN "delete_error" text;--> statement-breakpoint
ALTER TABLE "qb_bill_payments" ADD CONSTRAINT "qb_bill_payments_deletion_check" CHECK ("qb_bill_payments"."deletion" IN ('cancelled', 'pending', 'deleted', 'failed'));--> statement-breakpoint
-- The minute's sweep finds deletions whose job gave up or was never queued.
CREATE INDEX "qb_bill_payments_delete_pending_idx" ON "qb_bill_payments" USING btree ("updated_at") WHERE "qb_bill_payments"."deletion" = 'pending';
