-- The sign-in cache of each API process keeps the user of a live session; these triggers tell every
-- process, at the commit of the change, which user's account or sessions changed, so it asks the
-- database again (the payload is the user's id; NOTIFY folds repeats within a transaction).
CREATE FUNCTION "users_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', OLD."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_auth_changed"();--> statement-breakpoint
CREATE FUNCTION "refresh_tokens_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', OLD."user_id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_auth_changed" AFTER UPDATE OR DELETE ON "refresh_tokens"
  FOR EACH ROW EXECUTE FUNCTION "refresh_tokens_auth_changed"();
