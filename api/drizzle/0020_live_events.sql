-- The live console's event log: one row per change a screen shows, written in the transaction of
-- the change. Its order is the order of commits, not of inserts: the event number is given at
-- commit time by a deferred trigger that holds a transaction lock until the commit is visible, so
-- a reader that has seen number n has seen every number below it, and a rolled-back change never
-- gets one. The same trigger wakes every API process listening on the channel (NOTIFY is sent at
-- commit); the log stays the source of truth, the wake-up carries nothing.
CREATE SEQUENCE "live_events_seq";--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint,
	"kind" varchar(64) NOT NULL,
	"entity_type" varchar(32) NOT NULL,
	"entity_id" varchar(64) NOT NULL,
	"status" varchar(32),
	"version" integer,
	"actor_id" integer,
	"min_role" varchar(16) DEFAULT 'GUEST' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "live_events_seq_key" ON "live_events" USING btree ("seq");--> statement-breakpoint
CREATE FUNCTION "live_events_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Held to the end of the committing transaction: numbers are handed out in commit order.
  PERFORM pg_advisory_xact_lock(727274002);
  UPDATE "live_events" SET "seq" = nextval('live_events_seq') WHERE "id" = NEW."id";
  PERFORM pg_notify('live_events', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "live_events_number" AFTER INSERT ON "live_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_events_number"();
