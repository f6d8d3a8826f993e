-- The full sync pages by key, not by position: each page asks for the ids after the last one
-- read (`where Id > '<after_id>' ORDERBY Id`). A bill that leaves the unpaid set between two
-- pages (paid or deleted in QuickBooks) then moves nothing, where with STARTPOSITION every later
-- bill moved one place down and one was never read. NULL: the phase starts at its first id.
ALTER TABLE "qb_sync_state" ADD COLUMN IF NOT EXISTS "after_id" varchar(20);
